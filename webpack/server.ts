/**
 * The server build of an app: the same source as its browser build, compiled for Node, so the
 * shop's public pages are rendered from the very components the browser runs.
 *
 * - A remote's server build is a federation container (`server/remoteEntry.js` beside its
 *   browser build) with the same exposes and the same shared singletons. The browser manifest
 *   names it (`metaData.ssrRemoteEntry`, the federation runtime's own field), so remotes.json
 *   stays the one thing that says which build is live, for the browser and the renderer alike.
 * - The host's server build is the renderer: a Node library (`host/dist-server/render.cjs`) that loads
 *   the remotes named by remotes.json at run time, over HTTP, through the federation runtime
 *   with @module-federation/node's runtime plugin, and renders with react-dom/server.
 */
import path from 'node:path';
import webpack, { type Configuration } from 'webpack';
import { ModuleFederationPlugin } from '@module-federation/enhanced/webpack';
import { moduleRules, SERVER_DIR } from './parts';
import { ENTRY_FILE, HOST_BUILD_FILES, SERVER_PUBLIC_PATHS_GLOBAL } from '@maison/host/contract';
import { resolveOptions, sharedSingletons } from './sharing';

export { SERVER_DIR };

/**
 * Where `npm start` writes the apps' server builds (scripts/start/serverBuilds.ts), apart from a
 * production build's folders: a remote's dev server answers `server/…` from here, the host's
 * renders pages with `host/render.cjs`. `built.json` is written after each build.
 */
export const DEV_SERVER_BUILDS = path.resolve(__dirname, '..', 'node_modules', '.cache', 'maison-dev-server');
export const devServerBuildDir = (federationName: string) => path.join(DEV_SERVER_BUILDS, federationName);
export const DEV_SERVER_BUILT_FILE = path.join(DEV_SERVER_BUILDS, 'built.json');

/** `ssrRemoteEntry` for the browser manifest: the server container, relative to the manifest. */
export const SSR_REMOTE_ENTRY = { name: ENTRY_FILE, path: `${SERVER_DIR}/`, type: 'commonjs-module' };

/**
 * `serverModules` for the browser manifest: what the server build exposes for the renderer only
 * (`./PublicPages` is `PublicPages`), so the renderer loads a remote's list of pages without naming the remote.
 */
export function serverModuleNames(server: { exposes?: Record<string, string> }): string[] {
  return Object.keys(server.exposes ?? {}).map((expose) => expose.replace(/^\.\//, ''));
}

/**
 * webpack's 'auto' public path reads `document.currentScript`, which Node has not. A remote's
 * server build takes its public path from the renderer instead (SERVER_PUBLIC_PATHS_GLOBAL),
 * set before the container is loaded; chunks then load from `<browser folder>/server/…`.
 */
class RendererPublicPathPlugin {
  constructor(private readonly federationName: string) {}

  apply(compiler: webpack.Compiler) {
    const { RuntimeGlobals, RuntimeModule } = compiler.webpack;
    const name = this.federationName;
    class RendererPublicPathRuntimeModule extends RuntimeModule {
      constructor() {
        super('publicPath (from the renderer)', RuntimeModule.STAGE_BASIC);
      }
      override generate() {
        return `${RuntimeGlobals.publicPath} = ((globalThis.${SERVER_PUBLIC_PATHS_GLOBAL} || {})[${JSON.stringify(name)}]) || "";`;
      }
    }
    compiler.hooks.thisCompilation.tap('RendererPublicPathPlugin', (compilation) => {
      // Before webpack's own handler (which would add the 'auto' module); returning true stops it.
      compilation.hooks.runtimeRequirementInTree
        .for(RuntimeGlobals.publicPath)
        .tap({ name: 'RendererPublicPathPlugin', stage: -100 }, (chunk) => {
          compilation.addRuntimeModule(chunk, new RendererPublicPathRuntimeModule());
          return true;
        });
    });
  }
}

export interface ServerBuildOptions {
  appDir: string;
  federationName: string;
  production: boolean;
  /** A remote: its exposes (server-only ones included). */
  exposes?: Record<string, string>;
  /** The host: the renderer's entry module. */
  entry?: string;
  define?: Record<string, unknown>;
}

export function serverConfig(options: ServerBuildOptions): Configuration {
  const { appDir, federationName, production } = options;
  const isRemote = options.exposes !== undefined;
  // A remote's server build goes beside its browser build (dist/server/), the host's beside its dist.
  const outDir = production
    ? isRemote
      ? path.join(appDir, 'dist')
      : path.join(appDir, HOST_BUILD_FILES.rendererDir)
    : devServerBuildDir(federationName);
  return {
    name: 'server',
    mode: production ? 'production' : 'development',
    target: 'async-node',
    context: appDir,
    entry: options.entry ? { [HOST_BUILD_FILES.rendererEntry]: options.entry } : {},
    devtool: false,
    output: isRemote
      ? {
          // Published beside the browser build (the renderer fetches it from the remote's origin).
          path: outDir,
          publicPath: 'auto',
          uniqueName: federationName,
          filename: `${SERVER_DIR}/[name].js`,
          chunkFilename: `${SERVER_DIR}/[name].[contenthash:10].js`,
          assetModuleFilename: 'assets/[name].[contenthash:10][ext]',
          // Only this build's folder; the browser build owns the rest of dist.
          clean: { keep: (file: string) => !file.startsWith(`${SERVER_DIR}/`) },
        }
      : {
          // The renderer is a tool of the deploy, never published: its own folder, beside dist.
          path: outDir,
          // The host is always served at the site's root.
          publicPath: '/',
          uniqueName: federationName,
          // CommonJS, required by the publish (deploy/src/publish/renderPages.ts): .cjs, whatever the host's package type.
          filename: '[name].cjs',
          chunkFilename: '[name].[contenthash:10].cjs',
          assetModuleFilename: 'assets/[name].[contenthash:10][ext]',
          library: { type: 'commonjs2' },
          clean: true,
        },
    resolve: resolveOptions(production),
    module: { rules: moduleRules(production, federationName, 'server') },
    plugins: [
      new ModuleFederationPlugin({
        name: federationName,
        filename: `${SERVER_DIR}/${ENTRY_FILE}`,
        exposes: options.exposes,
        remotes: {},
        remoteType: 'script',
        library: { type: 'commonjs-module', name: federationName },
        shared: sharedSingletons(appDir),
        shareStrategy: 'loaded-first',
        // Remote entries and chunks are fetched over HTTP and run in the renderer's process.
        runtimePlugins: [require.resolve('@module-federation/node/runtimePlugin')],
        manifest: false,
        dts: false,
      }),
      ...(isRemote ? [new RendererPublicPathPlugin(federationName)] : []),
      new webpack.DefinePlugin(
        Object.fromEntries(Object.entries(options.define ?? {}).map(([key, value]) => [key, JSON.stringify(value ?? '')])),
      ),
    ],
    optimization: { moduleIds: 'deterministic', minimize: false },
    performance: { hints: false },
    stats: production ? 'errors-warnings' : 'minimal',
  };
}
