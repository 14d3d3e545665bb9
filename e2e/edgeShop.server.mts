/**
 * The shop at the edge for one test file, in a process of its own (Node runs it as it is; Playwright
 * would compile it to CommonJS): a real Ceph gateway (7494), the three remotes served by Node
 * (3701-3703), their environment published into the store by `npm run render`, and the host
 * answered by workerd (3700) from the store. Prints `ready <origin>`; stops all on SIGTERM.
 * Nothing listens on the shop's usual ports.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { REMOTE_NAMES } from '../apps.mts';
import { bundleWorker } from '../deploy/src/servers/edgeBundle.ts';
import { startWorkerd, type RunningWorkerd } from '../deploy/src/servers/workerd.ts';
import { STORE_KEY } from '../deploy/src/environment/storeLayout.ts';
import { createObjectStore } from '../deploy/src/store/objectStore.ts';
import { parseStoreAddress } from '../deploy/src/store/storeConfig.ts';
import { startTestGateway, type TestGateway } from '../deploy/src/testing/s3Gateway.ts';

const ROOT = path.resolve(import.meta.dirname, '..');
const CLI = (name: string) => path.join(ROOT, 'deploy', 'src', 'cli', `${name}.ts`);
const EDGE_PORTS = { host: 3700, gateway: 7494 } as const;
const ADDRESS = 's3://maison-edge-e2e/production/';

interface EdgeShop {
  origin: string;
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
  let edge: RunningWorkerd | undefined;
  const close = async () => {
    remotes?.kill('SIGTERM');
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
    return { origin, close };
  } catch (error) {
    await close();
    throw error;
  }
}

const shop = await startEdgeShop();
for (const signal of ['SIGTERM', 'SIGINT'] as const) process.once(signal, () => void shop.close().finally(() => process.exit(0)));
console.log(`ready ${shop.origin}`);
