/** React Fast Refresh for `npm start`, with one refresh runtime shared by all apps in the page. */
// Why: docs/decisions/build-and-render.md#fast-refresh
import path from 'node:path';
import type { Compiler } from 'webpack';
import ReactRefreshPlugin from '@pmmmwh/react-refresh-webpack-plugin';

const SHARED_RUNTIME = path.join(__dirname, 'sharedRefreshRuntime.cjs');
/** The runtime as the plugin's code asks for it: by package path, and by file from its loader. */
const REFRESH_RUNTIME_REQUEST = /^react-refresh\/runtime$|[\\/]node_modules[\\/]react-refresh[\\/]runtime\.js$/;

/** Sends every request for react-refresh's runtime (but the shared module's own) to the shared module. */
class SharedRefreshRuntimePlugin {
  constructor(private readonly app: string) {}

  apply(compiler: Compiler) {
    compiler.hooks.normalModuleFactory.tap('SharedRefreshRuntimePlugin', (factory) => {
      factory.hooks.beforeResolve.tap('SharedRefreshRuntimePlugin', (resolveData) => {
        if (REFRESH_RUNTIME_REQUEST.test(resolveData.request) && resolveData.contextInfo.issuer !== SHARED_RUNTIME) {
          resolveData.request = `${SHARED_RUNTIME}?${this.app}`;
        }
      });
    });
  }
}

/** Development plugins of an app (its federation name keeps its components apart from other apps'). */
export function fastRefreshPlugins(app: string) {
  // No overlay of the plugin's own: webpack-dev-server's client shows build errors.
  return [new ReactRefreshPlugin({ overlay: false }), new SharedRefreshRuntimePlugin(app)];
}
