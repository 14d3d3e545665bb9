/** An app's server build: its browser build's source compiled for Node, to render public pages. */
// Why: docs/decisions/build-and-render.md#server-builds
import path from 'node:path';
import type { Configuration, Compiler } from 'webpack';
import { ModuleFederationPlugin } from '@module-federation/enhanced/webpack';
import { appBuildBase, ASSET_FILENAME, definePlugin, federationBase, SERVER_DIR } from './parts';
import { ENTRY_FILE, HOST_BUILD_FILES, SERVER_PUBLIC_PATHS_GLOBAL } from '@maison/host/contract';
import type { AppBuild } from '../webpack.common';

/** Where `npm start` writes the apps' server builds; `built.json` is written after each build. */
const DEV_SERVER_BUILDS = path.resolve(__dirname, '..', 'node_modules', '.cache', 'maison-dev-server');
export const devServerBuildDir = (federationName: string) => path.join(DEV_SERVER_BUILDS, federationName);
export const DEV_SERVER_BUILT_FILE = path.join(DEV_SERVER_BUILDS, 'built.json');

/** Node has no `document.currentScript` for 'auto': the renderer sets the public path instead. */
const rendererPublicPath = (name: string) => (compiler: Compiler) => {
  const { RuntimeGlobals, RuntimeModule } = compiler.webpack;
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
};

/** The server build of an app (`createAppConfig`'s options): a remote's exposes and its server-only ones, or the host's renderer entry. */
export function serverConfig(app: AppBuild): Configuration {
  const { appDir, federationName, server, production, isRemote } = app;
  return {
    ...appBuildBase(app, 'server'),
    target: 'async-node',
    entry: server.entry ? { [HOST_BUILD_FILES.rendererEntry]: server.entry } : {},
    devtool: false,
    output: {
      path: production ? path.join(appDir, isRemote ? 'dist' : HOST_BUILD_FILES.rendererDir) : devServerBuildDir(federationName),
      uniqueName: federationName,
      assetModuleFilename: ASSET_FILENAME,
      ...(isRemote
        ? {
            // Published in dist/server/ (the renderer fetches it from the remote's origin); the browser build owns the rest.
            publicPath: 'auto',
            filename: `${SERVER_DIR}/[name].js`,
            chunkFilename: `${SERVER_DIR}/[name].[contenthash:10].js`,
            clean: { keep: (file: string) => !file.startsWith(`${SERVER_DIR}/`) },
          }
        : {
            // The renderer, never published: CommonJS, required by the publish (.cjs, whatever the host's package type).
            publicPath: '/',
            filename: '[name].cjs',
            chunkFilename: '[name].[contenthash:10].cjs',
            library: { type: 'commonjs2' },
            clean: true,
          }),
    },
    plugins: [
      new ModuleFederationPlugin({
        ...federationBase(appDir, federationName),
        filename: `${SERVER_DIR}/${ENTRY_FILE}`,
        exposes: app.exposes && { ...app.exposes, ...server.exposes },
        remoteType: 'script',
        library: { type: 'commonjs-module', name: federationName },
        // Remote entries and chunks are fetched over HTTP and run in the renderer's process.
        runtimePlugins: [require.resolve('@module-federation/node/runtimePlugin')],
        manifest: false,
      }),
      ...(isRemote ? [rendererPublicPath(federationName)] : []),
      definePlugin(app.define?.({ production, version: app.version })),
    ],
    optimization: { moduleIds: 'deterministic', minimize: false },
  };
}
