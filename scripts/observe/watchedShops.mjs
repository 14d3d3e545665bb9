#!/usr/bin/env node
/**
 * The observability bench's shops: one process serving the host three times, watched three ways
 * (access lines and metrics, metrics alone, neither), so that each is measured with the same
 * process's heap and compiled code. Usage: watchedShops.mjs ENV_DIR ACCESS_LOG FIRST_PORT
 * (the shops on FIRST_PORT, +1, +2; the two with metrics serve them on FIRST_PORT + 10 and + 11).
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { batchedOutput, observer, serverLog, serverMetrics, serveShop } from '@maison/deploy/serve';
import { HOST_APP } from '../../apps.mts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const [env, accessLog, firstPort] = process.argv.slice(2);
const lines = serverLog(batchedOutput(accessLog));
const silent = { ...lines, access: () => {} };
const watching = [{ log: lines, metrics: serverMetrics() }, { log: silent, metrics: serverMetrics() }, { log: silent }];
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
