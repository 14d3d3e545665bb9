#!/usr/bin/env node
/** npm run serve: the production builds on their ports (apps.json), published first (servers/shop.ts); options: --help. */
import path from 'node:path';
import { appNamed, HOST_APP, type AppEntry } from '../../../apps.mts';
import { CONNECTION_LIMITS } from '../servers/node.ts';
import { serveShop } from '../servers/shop.ts';
import { socketOf } from './options.ts';
import { serveUntilStopped, servingCommand } from './serving.ts';

const USAGE = `npm run serve -- [--only host,catalog,…] [--source-maps] [--sockets DIR] [--trust-proxy ADDR,…] [--connections-per-client N] [--env DIR] [--no-publish] [--base-port N] [--metrics HOST:PORT|off] [--no-access-log]
       npm run serve -- --build DIR --port N [--remote] [--env DIR]`;
const { values, portOf, misused, apps, envName, shopOptions, metricsAt } = servingCommand('serve', USAGE, {
  only: { type: 'string', help: 'a subset of the apps' },
  'source-maps': { type: 'boolean', help: 'also hand out the source maps (debugging only)' },
  sockets: { type: 'string', help: 'each app on DIR/<app>.sock, behind nginx (npm run nginx:config)' },
  'trust-proxy': { type: 'string', help: "proxies in front (addresses, ranges: a CDN's) whose X-Forwarded-For names the client" },
  'connections-per-client': {
    type: 'string',
    help: `open connections one client (an IPv4 address, an IPv6 /64) may hold on each port (default ${CONNECTION_LIMITS.perClient})`,
  },
  build: { type: 'string', help: "one build alone on --port, as a team serves its remote's new build (--remote: a remote's)" },
  port: { type: 'string' },
  remote: { type: 'boolean' },
});

/** --connections-per-client: a whole number, 1 or more (none given: the servers' default). */
const perClient = (value: string | undefined) => {
  const most = Number(value);
  if (value === undefined) return undefined;
  return Number.isInteger(most) && most > 0 ? most : misused(`"${value}" is not a number of connections`);
};

await serveUntilStopped('serve', async (onStop) => {
  const build = values.build && path.resolve(values.build);
  const only = values.only?.split(',').map((name) => appNamed(name.trim()).name);
  const served = build
    ? [{ name: values.remote ? 'remote' : HOST_APP.name, dir: build, port: portOf(values.port) }]
    : apps.filter((app) => !only || only.includes(app.name));
  const sockets = values.sockets && path.resolve(values.sockets);
  const shop = await serveShop({
    ...shopOptions,
    apps: served,
    ...(build ? { distOf: () => build } : {}),
    ...(sockets ? { listenOn: (app: AppEntry) => socketOf(sockets, app) } : {}),
    publish: !build && shopOptions.publish && served.some((app) => app.name === HOST_APP.name),
    sourceMaps: values['source-maps'],
    trustedProxies: values['trust-proxy']?.split(',').map((address) => address.trim()) ?? [],
    connectionsPerClient: perClient(values['connections-per-client']),
    metricsAt: build ? undefined : metricsAt(),
  });
  onStop(shop.close);
  shopOptions.log(`[serve] environment: ${envName}`);
  // What the tests wait for (e2e/servers.ts).
  if (build) console.log(`listening on ${served[0]!.port}`);
});
