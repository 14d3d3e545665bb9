#!/usr/bin/env node
/**
 * npm run serve: the four production builds on their ports (apps.json), answered by the one
 * answerer (answer/answer.ts), for an environment, published from the running remotes first
 * (server/shop.ts).
 *
 *   npm run serve                                 all four apps, the local environment (deploy/local)
 *   npm run serve -- --only host,catalog          a subset
 *   npm run serve -- --env DIR                    another environment's folder
 *   npm run serve -- --no-publish                 serve what the environment published last, as it is
 *   npm run serve -- --source-maps                also hand out the source maps (debugging only)
 *   npm run serve -- --sockets DIR                each app on DIR/<app>.sock, behind nginx (npm run nginx:config)
 *   npm run serve -- --base-port N                the apps on N, N+1, … (apps.json's order): a second shop on one machine
 *   npm run serve -- --trust-proxy ADDR[,RANGE]   proxies in front (a CDN's ranges) whose X-Forwarded-For names the client
 *   npm run serve -- --metrics HOST:PORT|off      where the metrics and probes are served (default: loopback, the host's port + 6464: 9464)
 *   npm run serve -- --no-access-log              no access line per answer (the bench's "off")
 *   npm run serve -- --build DIR --port N [--remote] [--env DIR]
 *                                                 one build alone, as a team serves its remote's new build
 */
import path from 'node:path';
import type { Server } from 'node:http';
import { APPS, appNamed, appsFrom, HOST_APP, REMOTE_NAMES, type AppEntry } from '../../../apps.mts';
import { createAnswerer } from '../answer/answer.ts';
import { watchEnvironment } from '../environment/served.ts';
import { listen } from '../servers/node.ts';
import { serveShop } from '../servers/shop.ts';
import type { AccessLine } from '../observe/logger.ts';
import { OBSERVING_OPTIONS, OBSERVING_USAGE, observing } from './observing.ts';
import { ENV_OPTION, environmentDir, fail, parseOptions, ROOT } from './options.ts';

const USAGE = `npm run serve -- [--env DIR] [--only host,catalog,…] [--no-publish] [--source-maps] [--sockets DIR] [--base-port N] [--trust-proxy ADDR,…] ${OBSERVING_USAGE}  |  --build DIR --port N [--remote] [--env DIR]`;
const { values } = parseOptions('serve', USAGE, {
  ...ENV_OPTION,
  only: { type: 'string' },
  'no-publish': { type: 'boolean' },
  'source-maps': { type: 'boolean' },
  sockets: { type: 'string' },
  'base-port': { type: 'string' },
  build: { type: 'string' },
  port: { type: 'string' },
  remote: { type: 'boolean' },
  'trust-proxy': { type: 'string' },
  ...OBSERVING_OPTIONS,
});
const trustedProxies = values['trust-proxy']?.split(',').map((address) => address.trim()) ?? [];
const env = environmentDir(values.env);
const portOf = (value: string | undefined) => {
  const port = Number(value);
  return Number.isInteger(port) && port > 0 && port < 65536 ? port : fail('serve', `"${value ?? ''}" is not a port\nusage: ${USAGE}`);
};
const { log, observer: watching, metricsAt } = observing(values);
let stop: () => Promise<void>;

try {
  if (values.build) {
    const port = portOf(values.port);
    const dist = path.resolve(values.build);
    const app = { name: values.remote ? 'remote' : HOST_APP.name, isHost: !values.remote, dist };
    const answer = createAnswerer({
      app,
      environment: watchEnvironment(env, { log }),
      remoteNames: REMOTE_NAMES,
      sourceMaps: values['source-maps'],
      log,
    });
    const observe = (answered: Omit<AccessLine, 'app'>) => watching.answered({ app: app.name, ...answered });
    const server: Server = await listen(answer, port, { isRemote: !app.isHost, log, trustedProxies, observe });
    console.log(`listening on ${port}`);
    stop = () => new Promise((resolve) => server.close(() => resolve()));
  } else {
    const everyApp = values['base-port'] ? appsFrom(portOf(values['base-port'])) : APPS;
    const apps = values.only
      ? values.only.split(',').map((name) => everyApp.find((app) => app.name === appNamed(name.trim()).name)!)
      : everyApp;
    const sockets = values.sockets && path.resolve(values.sockets);
    const shop = await serveShop({
      root: ROOT,
      env,
      apps,
      ...(sockets ? { listenOn: (app: AppEntry) => path.join(sockets, `${app.name}.sock`) } : {}),
      publish: !values['no-publish'] && apps.some((app) => app.name === HOST_APP.name),
      sourceMaps: values['source-maps'],
      trustedProxies,
      log,
      observer: watching,
      metricsAt: metricsAt(everyApp.find((app) => app.name === HOST_APP.name)!.port),
    });
    log(`[serve] environment: ${path.relative(process.cwd(), env) || env}`);
    stop = shop.close;
  }
} catch (error) {
  fail('serve', (error as Error).message);
}

for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.on(signal, () => {
    void stop().finally(() => process.exit(0));
    // Keep-alive connections end at once: nothing is left to answer.
    setTimeout(() => process.exit(0), 1000).unref();
  });
