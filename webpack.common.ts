/** The factory for every app's webpack config; the pieces live in ./webpack/. Loaded through tsx. */
import path from 'node:path';
import type { Configuration } from 'webpack';
import { ModuleFederationPlugin } from '@module-federation/enhanced/webpack';
import { ENTRY_FILE, MANIFEST_FILE } from '@maison/host/contract';
import { isHostApp } from './apps.mts';
import { buildVersion } from './webpack/buildInfo';
import { devServerOptions } from './webpack/devServer';
import {
  appBuildBase,
  commonPlugins,
  exposesIn,
  fastRefreshPlugins,
  federationBase,
  outputOptions,
  productionOptimization,
  SERVER_DIR,
} from './webpack/parts';
import { preloadPlugin, type PreloadOptions } from './webpack/PreloadPlugin';
import { serverConfig } from './webpack/server';

export interface AppBuildOptions {
  /** The app's folder (pass `__dirname` of its webpack.config.ts). */
  appDir: string;
  /** Federation container name, as in apps.json; also the CSS class prefix, so styles never collide. */
  federationName: string;
  /** Title of the app's own HTML page (the shop for the host, a dev frame for remotes). */
  htmlTitle: string;
  runtimePlugins?: string[];
  /** Markup painted from the HTML alone, before any script, inside #root (React replaces it). */
  appShell?: string;
  /** Files the page needs at once, named in its HTML so they download alongside main.js. */
  preload?: PreloadOptions;
  plugins?: (build: { production: boolean; version: string }) => NonNullable<Configuration['plugins']>;
  /** Build-time constants (DefinePlugin), given the mode. */
  define?: (build: { production: boolean; version: string }) => Record<string, unknown>;
  /** The app's server build (webpack/server.ts): a remote's extra exposes, or the host's renderer entry. */
  server: { entry?: string; exposes?: Record<string, string> };
}

/** What both builds of an app go by: its options, the mode, and its version; a remote exposes each file of `src/exposes/`. */
export type AppBuild = AppBuildOptions & { production: boolean; version: string; isRemote: boolean; exposes?: Record<string, string> };

export function createAppConfig(options: AppBuildOptions) {
  return (env: { server?: boolean } = {}, argv: { mode?: string } = {}): Configuration | Configuration[] => {
    const isRemote = !isHostApp({ name: options.federationName });
    const exposes = isRemote ? exposesIn(options.appDir) : undefined;
    const app: AppBuild = { ...options, production: argv.mode === 'production', version: buildVersion(options.appDir), isRemote, exposes };
    // `--env server`: the server build alone, in either mode (`npm start` builds it beside its dev server).
    if (!app.production && !env.server) return browserConfig(app);
    const server = serverConfig(app);
    return env.server ? server : [browserConfig(app), server];
  };
}

function browserConfig(app: AppBuild): Configuration {
  const { appDir, federationName, server, production, version, isRemote } = app;
  // The federation manifest plugin stamps this on mf-manifest.json (metaData.buildInfo).
  process.env.MF_BUILD_VERSION = version;

  // A production remote is only its container; its standalone page is for development.
  const standalonePage = !isRemote || !production;

  return {
    ...appBuildBase(app, 'browser'),
    entry: standalonePage ? { main: './src/index.ts' } : {},
    // Production maps are unreferenced (never published); development's are files: the CSP allows no eval.
    devtool: production ? 'hidden-source-map' : 'cheap-module-source-map',
    output: outputOptions(production, path.join(appDir, 'dist'), federationName, { isHost: !isRemote }),
    plugins: [
      new ModuleFederationPlugin({
        ...federationBase(appDir, federationName),
        filename: ENTRY_FILE,
        exposes: app.exposes,
        runtimePlugins: app.runtimePlugins,
        manifest: isRemote
          ? {
              fileName: MANIFEST_FILE,
              // How the renderer finds the server build (relative to the manifest) and its renderer-only modules.
              additionalData: ({ stats }) => {
                Object.assign(stats.metaData, {
                  ssrRemoteEntry: { name: ENTRY_FILE, path: `${SERVER_DIR}/`, type: 'commonjs-module' },
                  serverModules: Object.keys(server.exposes ?? {}).map((expose) => expose.replace(/^\.\//, '')),
                });
                return stats;
              },
            }
          : false,
        experiments: {
          // Browser only; a remote never loads other remotes.
          optimization: isRemote ? { target: 'web', disableRemote: true, disableSnapshot: true } : { target: 'web' },
          // Production remotes use the host's runtime (host/src/federation/runtime/provideFederationRuntime.ts).
          ...(isRemote && production ? { externalRuntime: true } : {}),
        },
      }),
      ...commonPlugins(production, {
        htmlTitle: standalonePage ? app.htmlTitle : undefined,
        appShell: app.appShell,
        define: app.define?.({ production, version }),
        publicDirs: [path.join(appDir, 'public')],
      }),
      ...(app.preload && standalonePage ? [preloadPlugin(app.preload)] : []),
      ...(app.plugins?.({ production, version }) ?? []),
      ...(production ? [] : fastRefreshPlugins(federationName)),
    ],
    // The host provides the shared libraries (the remotes use its copies): in one chunk.
    optimization: production ? productionOptimization({ sharedLibraries: !isRemote }) : undefined,
    devServer: devServerOptions(app),
  };
}
