#!/usr/bin/env node
/**
 * npm run serve: the four production builds on their ports (apps.json), answered by the one
 * answerer (answer/answer.ts), for an environment, published from the running remotes first
 * (servers/shop.ts). Its options: its --help.
 */
import path from 'node:path';
import type { Server } from 'node:http';
import { appNamed, HOST_APP, REMOTE_NAMES, type AppEntry } from '../../../apps.mts';
import { createAnswerer } from '../answer/answer.ts';
import { watchEnvironment } from '../environment/served.ts';
import { listen } from '../servers/node.ts';
import { serveShop } from '../servers/shop.ts';
import type { AccessLine } from '../observe/logger.ts';
import { serveUntilStopped, servingCommand } from './serving.ts';
import { ROOT } from './options.ts';

const USAGE = `npm run serve -- [--only host,catalog,…] [--source-maps] [--sockets DIR] [--trust-proxy ADDR,…] [--env DIR] [--no-publish] [--base-port N] [--metrics HOST:PORT|off] [--no-access-log]
       npm run serve -- --build DIR --port N [--remote] [--env DIR]
  --only           a subset of the apps
  --source-maps    also hand out the source maps (debugging only)
  --sockets DIR    each app on DIR/<app>.sock, behind nginx (npm run nginx:config)
  --trust-proxy    proxies in front (addresses, ranges: a CDN's) whose X-Forwarded-For names the client
  --build DIR      one build alone on --port, as a team serves its remote's new build (--remote: a remote's)`;
const { values, portOf, apps, env, envName, log, observer, metricsAt } = servingCommand('serve', USAGE, {
  only: { type: 'string' },
  'source-maps': { type: 'boolean' },
  sockets: { type: 'string' },
  build: { type: 'string' },
  port: { type: 'string' },
  remote: { type: 'boolean' },
  'trust-proxy': { type: 'string' },
});
const trustedProxies = values['trust-proxy']?.split(',').map((address) => address.trim()) ?? [];

await serveUntilStopped('serve', async (onStop) => {
  if (values.build) {
    const port = portOf(values.port);
    const app = { name: values.remote ? 'remote' : HOST_APP.name, isHost: !values.remote, dist: path.resolve(values.build) };
    const answer = createAnswerer({
      app,
      environment: watchEnvironment(env, { log }),
      remoteNames: REMOTE_NAMES,
      sourceMaps: values['source-maps'],
      log,
    });
    const observe = (answered: Omit<AccessLine, 'app'>) => observer.answered({ app: app.name, ...answered });
    const server: Server = await listen(answer, port, { isRemote: !app.isHost, log, trustedProxies, observe });
    console.log(`listening on ${port}`);
    onStop(() => new Promise((resolve) => server.close(resolve)));
    return;
  }
  const only = values.only?.split(',').map((name) => appNamed(name.trim()).name);
  const served = only ? apps.filter((app) => only.includes(app.name)) : apps;
  const sockets = values.sockets && path.resolve(values.sockets);
  const shop = await serveShop({
    root: ROOT,
    env,
    apps: served,
    ...(sockets ? { listenOn: (app: AppEntry) => path.join(sockets, `${app.name}.sock`) } : {}),
    publish: !values['no-publish'] && served.some((app) => app.name === HOST_APP.name),
    sourceMaps: values['source-maps'],
    trustedProxies,
    log,
    observer,
    metricsAt: metricsAt(),
  });
  onStop(shop.close);
  log(`[serve] environment: ${envName}`);
});
