#!/usr/bin/env node
/**
 * The observability bench's shops: one process serving the host three ways (access lines and metrics, metrics alone, neither).
 * Usage: watchedShops.mjs ENV_DIR ACCESS_LOG FIRST_PORT (the shops on FIRST_PORT, +1, +2; the two with metrics serve them on + 10, + 11;
 * the process's own metrics are the first's). With `bare` after them: one shop with neither on FIRST_PORT, in a process with no metrics at all.
 */
// Why: docs/decisions/build-and-render.md#bench-observability
import { batchedOutput, observer, serverLog, serverMetrics, serveShop } from '@maison/deploy/serve';
import { HOST_APP } from '../../apps.mts';
import { root } from '../bench/shop.mjs';

const [env, accessLog, firstPort, bare] = process.argv.slice(2);
const lines = serverLog(batchedOutput(accessLog));
const silent = { ...lines, access: () => {} };
const watching =
  bare === 'bare'
    ? [{ log: silent }]
    : [{ log: lines, metrics: serverMetrics() }, { log: silent, metrics: serverMetrics({ processMetrics: false }) }, { log: silent }];
for (const [index, watched] of watching.entries()) {
  const port = Number(firstPort) + index;
  await serveShop({
    root,
    env,
    apps: [HOST_APP],
    listenOn: () => port,
    publish: false,
    trustedProxies: ['127.0.0.1'],
    log: lines.say,
    observer: observer(watched),
    metricsAt: watched.metrics ? { host: '127.0.0.1', port: port + 10 } : undefined,
  });
}
process.on('SIGTERM', () => (lines.flush(), process.exit(0)));
