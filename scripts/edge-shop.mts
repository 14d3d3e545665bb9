#!/usr/bin/env node
/**
 * The shop at the edge on this machine, for the browser test (e2e/edge.spec.ts) and the bench
 * (bench:servers): a real Ceph gateway, the three remotes served by Node (base+1 to base+3), their
 * environment published into the store by `npm run render`, the host answered by workerd (base)
 * and, over the same store, by Node (base+4). Prints `ready` and a JSON line of origins and pids;
 * stops everything on SIGTERM. Usage: node scripts/edge-shop.mts [--base-port 3700] [--gateway-port 7494]
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { parseArgs } from 'node:util';
import path from 'node:path';
import { REMOTE_NAMES } from '../apps.mts';
import { bundleWorker } from '../deploy/src/servers/edgeBundle.ts';
import { startWorkerd, type RunningWorkerd } from '../deploy/src/servers/workerd.ts';
import { STORE_KEY } from '../deploy/src/environment/storeLayout.ts';
import { createObjectStore } from '../deploy/src/store/objectStore.ts';
import { parseStoreAddress } from '../deploy/src/store/storeConfig.ts';
import { startTestGateway, type TestGateway } from '../deploy/src/testing/s3Gateway.ts';

const ROOT = path.resolve(import.meta.dirname, '..');
const { values } = parseArgs({
  options: { 'base-port': { type: 'string', default: '3700' }, 'gateway-port': { type: 'string', default: '7494' } },
});
const CLI = (name: string) => path.join(ROOT, 'deploy', 'src', 'cli', `${name}.ts`);
const EDGE_PORTS = { host: Number(values['base-port']), gateway: Number(values['gateway-port']) };
const ADDRESS = 's3://maison-edge-e2e/production/';

interface EdgeShop {
  /** Origins and process ids: workerd's, and Node's answering the same store. */
  shown: { edge: string; edgePid?: number; node: string; nodePid?: number };
  close(): Promise<void>;
}

async function untilAnswers(url: string, limitMs: number): Promise<void> {
  for (const started = Date.now(); Date.now() - started < limitMs; await new Promise((resolve) => setTimeout(resolve, 200)))
    if (
      await fetch(url).then(
        (answer) => answer.ok,
        () => false,
      )
    )
      return;
  throw new Error(`${url} did not answer within ${limitMs} ms`);
}

async function startEdgeShop(): Promise<EdgeShop> {
  const gateway: TestGateway = await startTestGateway({ port: EDGE_PORTS.gateway });
  const origin = `http://127.0.0.1:${EDGE_PORTS.host}`;
  const { endpoint, accessKeyId, secretAccessKey, region } = gateway.config;
  const keys = {
    AWS_ENDPOINT_URL_S3: endpoint,
    AWS_ACCESS_KEY_ID: accessKeyId,
    AWS_SECRET_ACCESS_KEY: secretAccessKey,
    AWS_REGION: region,
  };
  const signalsKey = '0123456789abcdef'.repeat(4);
  let remotes: ChildProcess | undefined;
  let node: ChildProcess | undefined;
  let edge: RunningWorkerd | undefined;
  const close = async () => {
    remotes?.kill('SIGTERM');
    node?.kill('SIGTERM');
    await edge?.stop();
    await gateway.stop();
  };
  try {
    await gateway.createBucket(parseStoreAddress(ADDRESS).bucket);
    const store = createObjectStore(gateway.config, parseStoreAddress(ADDRESS));
    const remoteOrigin = (index: number) => `http://localhost:${EDGE_PORTS.host + 1 + index}`;
    const remotesJson = Object.fromEntries(REMOTE_NAMES.map((name, index) => [name, `${remoteOrigin(index)}/mf-manifest.json`]));
    await store.put(STORE_KEY.remotes, JSON.stringify(remotesJson));
    await store.put(STORE_KEY.site, JSON.stringify({ origin }));
    const serveArgs = ['--only', REMOTE_NAMES.join(','), '--base-port', String(EDGE_PORTS.host), '--no-publish', '--metrics', 'off'];
    remotes = spawn(process.execPath, [CLI('serve'), ...serveArgs, '--no-access-log'], { cwd: ROOT, stdio: 'ignore' });
    await Promise.all(REMOTE_NAMES.map((_, index) => untilAnswers(`${remoteOrigin(index)}/mf-manifest.json`, 30_000)));
    const publish = () =>
      spawnSync(process.execPath, [CLI('publish'), '--env', ADDRESS], { cwd: ROOT, env: { ...process.env, ...keys }, stdio: 'inherit' })
        .status;
    if (publish() !== 0) throw new Error(`npm run render -- --env ${ADDRESS} failed`);
    const bindings = { ...keys, MAISON_ENV: ADDRESS, MAISON_SIGNALS_KEY: signalsKey };
    edge = await startWorkerd(await bundleWorker(), { port: EDGE_PORTS.host, bindings, onLine: () => {} });
    const nodePort = EDGE_PORTS.host + 4;
    const nodeArgs = [
      '--build',
      path.join(ROOT, 'host', 'dist'),
      '--port',
      String(nodePort),
      '--env',
      ADDRESS,
      '--no-access-log',
      '--metrics',
      'off',
    ];
    node = spawn(process.execPath, [CLI('serve'), ...nodeArgs], {
      cwd: ROOT,
      env: { ...process.env, ...keys, MAISON_SIGNALS_KEY: signalsKey },
      stdio: 'ignore',
    });
    const nodeOrigin = `http://127.0.0.1:${nodePort}`;
    await untilAnswers(`${nodeOrigin}/readyz`, 30_000);
    return { shown: { edge: origin, edgePid: edge.child.pid, node: nodeOrigin, nodePid: node.pid }, close };
  } catch (error) {
    await close();
    throw error;
  }
}

const shop = await startEdgeShop();
for (const signal of ['SIGTERM', 'SIGINT'] as const) process.once(signal, () => void shop.close().finally(() => process.exit(0)));
console.log(`ready ${JSON.stringify(shop.shown)}`);
