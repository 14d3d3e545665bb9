/** The development servers (`npm start`): production's answerer over webpack's in-memory output. */
// Why: docs/decisions/build-and-render.md#dev-servers
import path from 'node:path';
import type fs from 'node:fs';
import { existsSync, readFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Compiler } from 'webpack';
import type { Configuration as DevServerConfiguration } from 'webpack-dev-server';
import {
  buildFiles,
  composeAnswerer,
  ENVIRONMENT_FILE,
  LOCAL_ENVIRONMENT_DIR,
  fileStamp,
  pagesOnDemand,
  watchHostBuild,
} from '@maison/deploy';
import { nodeListener, serverLog } from '@maison/deploy/serve';
import { HOST_BUILD_FILES } from '@maison/host/contract';
import { APPS, appNamed, localOrigin } from '../apps.mts';
import type { AppBuild } from '../webpack.common';
import { devServerBuildDir, DEV_SERVER_BUILT_FILE } from './server';

const root = path.resolve(__dirname, '..');

/** The remotes.json the dev servers use: deploy/local's, or the one `npm start -- --against` composed. */
export const DEV_REMOTES_VARIABLE = 'MAISON_DEV_REMOTES';

const devRemotesFile = () => process.env[DEV_REMOTES_VARIABLE] ?? path.join(root, LOCAL_ENVIRONMENT_DIR, ENVIRONMENT_FILE.remotes);

/** Development's additions to production's policy: injected styles and each dev server's update socket. */
const developmentPolicy = (policy: string) =>
  policy
    .replace(/(^|; )style-src [^;]*/, "$& 'unsafe-inline'")
    .replace(/(^|; )connect-src [^;]*/, `$& ${APPS.map(({ port }) => `ws://localhost:${port}`).join(' ')}`);

/** The dev server's own endpoints (its update socket and client): never the shop's. */
const DEV_SERVER_PATHS = /^\/(ws|__webpack_hmr|webpack-dev-server|__webpack_dev_server__|sockjs-node)(\/|\?|$)/;

/** The app's answerer over its dev server's output (and, for a remote, its server build on disk). */
function developmentAnswerer(app: string, isHost: boolean, compiler: Compiler) {
  const dist = compiler.options.output.path!;
  // Read when asked: the dev middleware sets it once it starts (memfs, with node:fs's API).
  const output = () => compiler.outputFileSystem as unknown as typeof fs;
  const shown = { isHost, sourceMaps: true };
  const memory = buildFiles(dist, shown, {
    stat: (file) => output().promises.stat(file),
    readFile: (file) => output().promises.readFile(file),
  });
  if (!isHost) {
    const disk = buildFiles(devServerBuildDir(app), shown);
    const files = { find: async (pathname: string) => (await memory.find(pathname)) ?? disk.find(pathname) };
    return composeAnswerer({ isHost, files, cacheOf: () => 'no-cache' });
  }

  // The host build as production's servers hold it, from webpack's output at each compile (answers wait for the first).
  let compiled = '';
  compiler.hooks.done.tap('maison-development-answerer', (stats) => void (compiled = stats.hash!));
  const hostBuild = watchHostBuild(path.dirname(dist), console.error, {
    recheckMs: 0,
    read: (name) => (output().existsSync(path.join(dist, name)) ? output().readFileSync(path.join(dist, name)) : undefined),
    rendererFile: path.join(devServerBuildDir(app), HOST_BUILD_FILES.renderer),
    stamp: () => compiled,
  });
  const pages = pagesOnDemand({
    // Until this npm start's server builds are done (built.json), pages are rendered in the browser.
    hostBuild: () =>
      existsSync(DEV_SERVER_BUILT_FILE) ? hostBuild.now() : { key: 'server builds', problem: 'the server builds are not ready yet' },
    remotesJson: () => (existsSync(devRemotesFile()) ? readFileSync(devRemotesFile(), 'utf8') : '{}'),
    origin: localOrigin(appNamed(app)),
    buildsStamp: () => fileStamp(DEV_SERVER_BUILT_FILE),
  });
  return composeAnswerer({
    isHost,
    files: memory,
    cacheOf: () => 'no-cache',
    host: { hostBuild, pages, policyExtras: developmentPolicy },
  });
}

export function devServerOptions({ federationName: app, isRemote }: AppBuild): DevServerConfiguration {
  return {
    port: appNamed(app).port,
    hot: true,
    liveReload: true,
    // The answerer compresses, and sets every header of its answers.
    compress: false,
    client: { overlay: { errors: true, warnings: false, runtimeErrors: false } },
    static: false,
    setupMiddlewares(middlewares, devServer) {
      const lines = serverLog();
      const listener = nodeListener(developmentAnswerer(app, !isRemote, devServer.compiler as Compiler).answer, {
        isRemote,
        log: console.error,
        observe: (answered) => lines.access({ app, ...answered }),
      });
      const answer = (req: IncomingMessage, res: ServerResponse, next: () => void) => {
        if (DEV_SERVER_PATHS.test(req.url ?? '')) return next();
        // Once the build in progress is done, as webpack's own middleware waits.
        devServer.middleware!.waitUntilValid(() => {
          // Drop what the dev server's own checks set on the way.
          for (const name of res.getHeaderNames()) res.removeHeader(name);
          void listener(req, res);
        });
      };
      // After the dev server's host and origin checks, in front of webpack's own middleware.
      const at = middlewares.findIndex((entry) => typeof entry === 'object' && entry.name === 'webpack-dev-middleware');
      middlewares.splice(at === -1 ? 0 : at, 0, { name: 'maison-answerer', middleware: answer });
      return middlewares;
    },
  };
}
