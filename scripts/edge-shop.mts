#!/usr/bin/env node
/**
 * The shop at the edge on this machine, for the browser test (e2e/edge.spec.ts), the bench
 * (bench:servers) and by hand: a real Ceph gateway, the three remotes served by Node (base+1 to
 * base+3), their environment published into the store by `npm run render`, the host answered over
 * the same store by Node (base+4) and by workerd (base), whose views Node renders (its render
 * origin; --views-in-browser: none). Prints `ready` and a JSON line of origins and pids (or `skip` and why,
 * where no gateway can be had); stops all on SIGTERM.
 * Usage: node scripts/edge-shop.mts [--base-port 3700] [--gateway-port 7494] [--views-in-browser]
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { parseArgs } from 'node:util';
import path from 'node:path';
import { REMOTE_NAMES } from '../apps.mts';
import { bundleWorker } from '../deploy/src/servers/edgeBundle.ts';
import { startWorkerd, type RunningWorkerd } from '../deploy/src/servers/workerd.ts';
import { STORE_KEY } from '../deploy/src/environment/storeLayout.ts';
import { createObjectStore } from '../deploy/src/store/objectStore.ts';
import { parseStoreAddress, type StoreConfig } from '../deploy/src/store/storeConfig.ts';
import { gatewaySkipReason, startTestGateway } from '../deploy/src/testing/s3Gateway.ts';

const ROOT = path.resolve(import.meta.dirname, '..');
const { values } = parseArgs({
  options: {
    'base-port': { type: 'string', default: '3700' },
    'gateway-port': { type: 'string', default: '7494' },
    'views-in-browser': { type: 'boolean', default: false },
  },
});
const CLI = (name: string) => path.join(ROOT, 'deploy', 'src', 'cli', `${name}.ts`);
const BASE = Number(values['base-port']);
const ADDRESS = 's3://maison-edge-e2e/production/';
const SIGNALS_KEY = '0123456789abcdef'.repeat(4);
const origins = { edge: `http://127.0.0.1:${BASE}`, node: `http://127.0.0.1:${BASE + 4}` };
const remoteOrigin = (index: number) => `http://localhost:${BASE + 1 + index}`;

async function untilAnswers(url: string, limitMs: number): Promise<void> {
  const answers = () =>
    fetch(url).then(
      (answer) => answer.ok,
      () => false,
    );
  for (const started = Date.now(); Date.now() - started < limitMs; await new Promise((resolve) => setTimeout(resolve, 200)))
    if (await answers()) return;
  throw new Error(`${url} did not answer within ${limitMs} ms`);
}

const keysOf = ({ endpoint, accessKeyId, secretAccessKey, region }: StoreConfig) => ({
  AWS_ENDPOINT_URL_S3: endpoint,
  AWS_ACCESS_KEY_ID: accessKeyId,
  AWS_SECRET_ACCESS_KEY: secretAccessKey,
  AWS_REGION: region,
});

/** The environment seeded in the store (the remotes on this machine), then published from the running remotes. */
async function publishEnvironment(config: StoreConfig): Promise<void> {
  const store = createObjectStore(config, parseStoreAddress(ADDRESS));
  const remotesJson = Object.fromEntries(REMOTE_NAMES.map((name, index) => [name, `${remoteOrigin(index)}/mf-manifest.json`]));
  await store.put(STORE_KEY.remotes, JSON.stringify(remotesJson));
  await store.put(STORE_KEY.site, JSON.stringify({ origin: origins.edge }));
  const env = { ...process.env, ...keysOf(config) };
  const { status } = spawnSync(process.execPath, [CLI('publish'), '--env', ADDRESS], { cwd: ROOT, env, stdio: 'inherit' });
  if (status !== 0) throw new Error(`npm run render -- --env ${ADDRESS} failed`);
}

const serve = (args: string[], env: NodeJS.ProcessEnv = process.env): ChildProcess =>
  spawn(process.execPath, [CLI('serve'), ...args, '--no-access-log', '--metrics', 'off'], { cwd: ROOT, env, stdio: 'ignore' });

async function startEdgeShop() {
  const gateway = await startTestGateway({ port: Number(values['gateway-port']) });
  const keys = keysOf(gateway.config);
  const running: ChildProcess[] = [];
  let edge: RunningWorkerd | undefined;
  const close = async () => {
    for (const child of running) child.kill('SIGTERM');
    await edge?.stop();
    await gateway.stop();
  };
  try {
    await gateway.createBucket(parseStoreAddress(ADDRESS).bucket);
    running.push(serve(['--only', REMOTE_NAMES.join(','), '--base-port', String(BASE), '--no-publish']));
    await Promise.all(REMOTE_NAMES.map((_, index) => untilAnswers(`${remoteOrigin(index)}/mf-manifest.json`, 30_000)));
    await publishEnvironment(gateway.config);
    const hostDist = path.join(ROOT, 'host', 'dist');
    const node = serve(['--build', hostDist, '--port', String(BASE + 4), '--env', ADDRESS], {
      ...process.env,
      ...keys,
      MAISON_SIGNALS_KEY: SIGNALS_KEY,
    });
    running.push(node);
    await untilAnswers(`${origins.node}/readyz`, 30_000);
    const bindings = { ...keys, MAISON_ENV: ADDRESS, MAISON_SIGNALS_KEY: SIGNALS_KEY };
    const renderOrigin = values['views-in-browser'] ? {} : { MAISON_RENDER_ORIGIN: origins.node };
    edge = await startWorkerd(await bundleWorker(), { port: BASE, bindings: { ...bindings, ...renderOrigin }, onLine: () => {} });
    return { shown: { ...origins, edgePid: edge.child.pid, nodePid: node.pid }, close };
  } catch (error) {
    await close();
    throw error;
  }
}

const skipped = gatewaySkipReason();
if (skipped) {
  console.log(`skip ${skipped}`);
  process.exit(0);
}
const shop = await startEdgeShop();
for (const signal of ['SIGTERM', 'SIGINT'] as const) process.once(signal, () => void shop.close().finally(() => process.exit(0)));
console.log(`ready ${JSON.stringify(shop.shown)}`);
