/** An app's server build: its browser build's source compiled for Node, to render public pages. */
// Why: docs/decisions/build-and-render.md#server-builds
import path from 'node:path';
import webpack, { type Configuration } from 'webpack';
import { ModuleFederationPlugin } from '@module-federation/enhanced/webpack';
import { moduleRules, SERVER_DIR } from './parts';
import { ENTRY_FILE, HOST_BUILD_FILES, SERVER_PUBLIC_PATHS_GLOBAL } from '@maison/host/contract';
import { resolveOptions, sharedSingletons } from './sharing';

export { SERVER_DIR };

/** Where `npm start` writes the apps' server builds; `built.json` is written after each build. */
export const DEV_SERVER_BUILDS = path.resolve(__dirname, '..', 'node_modules', '.cache', 'maison-dev-server');
export const devServerBuildDir = (federationName: string) => path.join(DEV_SERVER_BUILDS, federationName);
export const DEV_SERVER_BUILT_FILE = path.join(DEV_SERVER_BUILDS, 'built.json');

/** `ssrRemoteEntry` for the browser manifest: the server container, relative to the manifest. */
export const SSR_REMOTE_ENTRY = { name: ENTRY_FILE, path: `${SERVER_DIR}/`, type: 'commonjs-module' };

/** `serverModules` for the browser manifest: what the server build exposes for the renderer only. */
export function serverModuleNames(server: { exposes?: Record<string, string> }): string[] {
  return Object.keys(server.exposes ?? {}).map((expose) => expose.replace(/^\.\//, ''));
}

/** Node has no `document.currentScript` for 'auto': the renderer sets the public path instead. */
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
  exposes?: Record<string, string>;
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
