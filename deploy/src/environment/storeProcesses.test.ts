/**
 * Several machines on one environment in a real Ceph gateway, each a process of its own as in
 * production: two answerers (`npm run serve -- --env s3://…`) and two publishers
 * (`npm run remotes -- set`) at once, a publisher killed mid-publish, the gateway stopped while serving.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { createObjectStore, type ObjectStore } from '../store/objectStore.ts';
import { parseStoreAddress } from '../store/storeConfig.ts';
import { gatewaySkipReason, startTestGateway, type TestGateway } from '../testing/s3Gateway.ts';
import { STORE_KEY } from './storeLayout.ts';
import { PUBLISH_JOURNAL, readPublishes } from './publishJournal.ts';
import { storeEnvironment } from './storeEnvironment.ts';
import { fixtureShop, type FixtureShop } from '../testing/fixtures.ts';

const ROOT = path.resolve(import.meta.dirname, '../../..');
const CLI = (name: string) => path.join(ROOT, 'deploy', 'src', 'cli', `${name}.ts`);
const ANSWERER_PORTS = [3600, 3610];
const CHANGES = 20;
const ADDRESS = 's3://maison-env-processes/production/';
const skipped = gatewaySkipReason();
const manifest = (who: string, change: number) => `https://cdn.example.com/${who}/${change}/mf-manifest.json`;

(skipped ? describe.skip : describe)('machines sharing an environment in a real Ceph gateway', () => {
  let gateway: TestGateway;
  let store: ObjectStore;
  let shop: FixtureShop;
  let environ: NodeJS.ProcessEnv;
  const answerers: Array<{ child: ChildProcess; lines: string[] }> = [];

  const runCli = (name: string, args: string[]) =>
    new Promise<{ status: number | null; output: string }>((resolve) => {
      const child = spawn(process.execPath, [CLI(name), ...args, '--env', ADDRESS], { env: environ, cwd: ROOT });
      let output = '';
      child.stdout.on('data', (chunk) => (output += chunk));
      child.stderr.on('data', (chunk) => (output += chunk));
      child.on('close', (status) => resolve({ status, output }));
    });
  const set = (remote: string, url: string) => runCli('remotes', ['set', remote, url, '--no-verify', '--no-render']);
  const servedRemotes = async (port: number) =>
    (await (await fetch(`http://localhost:${port}/remotes.json`, { signal: AbortSignal.timeout(2000) })).json()) as Record<string, unknown>;
  /** Ms until every answerer serves `check`ed remotes.json (at most `limitMs`). */
  async function untilServed(check: (remotes: Record<string, unknown>) => boolean, limitMs: number): Promise<number> {
    const started = Date.now();
    for (;;) {
      const served = await Promise.all(ANSWERER_PORTS.map((port) => servedRemotes(port).catch(() => ({}))));
      if (served.every(check)) return Date.now() - started;
      if (Date.now() - started > limitMs) throw new Error(`not served within ${limitMs} ms: ${JSON.stringify(served)}`);
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  }

  beforeAll(async () => {
    shop = fixtureShop();
    gateway = await startTestGateway({ portOffset: 2 });
    await gateway.createBucket('maison-env-processes');
    const { endpoint, accessKeyId, secretAccessKey, region } = gateway.config;
    environ = {
      ...process.env,
      AWS_ENDPOINT_URL_S3: endpoint,
      AWS_ACCESS_KEY_ID: accessKeyId,
      AWS_SECRET_ACCESS_KEY: secretAccessKey,
      AWS_REGION: region,
    };
    store = createObjectStore(gateway.config, parseStoreAddress(ADDRESS));
    await store.put(
      STORE_KEY.remotes,
      JSON.stringify({ catalog: manifest('catalog', 0), cart: manifest('cart', 0), account: '/account/mf-manifest.json' }),
    );
    await store.put(STORE_KEY.site, JSON.stringify({ origin: 'https://shop.example.com' }));
    expect((await set('account', '/account/mf-manifest.json')).status).toBe(0);
    for (const port of ANSWERER_PORTS) {
      // The fixture's host build (the repository's may not be built when the unit tests run).
      const args = ['--build', shop.hostDist, '--port', String(port), '--no-access-log', '--env', ADDRESS];
      const child = spawn(process.execPath, [CLI('serve'), ...args], { env: environ, cwd: ROOT });
      const lines: string[] = [];
      for (const output of [child.stdout, child.stderr]) createInterface({ input: output }).on('line', (line) => lines.push(line));
      answerers.push({ child, lines });
    }
    await untilServed((remotes) => remotes.account !== undefined, 30_000);
  }, 300_000);
  afterAll(async () => {
    for (const { child } of answerers) child.kill('SIGTERM');
    await gateway?.stop();
    shop?.cleanup();
  }, 60_000);

  it(`lands ${CHANGES} changes of each of two publishers at once, every generation after the one before, served by both answerers within 1 s`, async () => {
    const publisher = async (remote: string) => {
      const outputs: string[] = [];
      for (let change = 1; change <= CHANGES; change += 1) {
        const { status, output } = await set(remote, manifest(remote, change));
        expect([status, output]).toEqual([0, expect.any(String)]);
        outputs.push(output);
      }
      return { outputs, at: Date.now() };
    };
    const [catalog, cart] = await Promise.all([publisher('catalog'), publisher('cart')]);
    const tookMs = await untilServed(
      (remotes) => remotes.catalog === manifest('catalog', CHANGES) && remotes.cart === manifest('cart', CHANGES),
      1000,
    );
    console.log(
      `[test] both answerers served the last publish ${Date.now() - Math.max(catalog.at, cart.at)} ms after it returned (${tookMs} ms polling)`,
    );
    const retried = [...catalog.outputs, ...cart.outputs].filter((output) => output.includes('applying this change again on top of it'));
    console.log(`[test] ${retried.length} of ${2 * CHANGES} publishes lost a race and were applied again on top of the winner`);

    const reader = storeEnvironment(ADDRESS, gateway.config);
    await reader.follow({ journals: [PUBLISH_JOURNAL] });
    const entries = readPublishes(reader.dir).filter(({ doing }) => doing.includes('https://cdn.example.com/'));
    expect(entries).toHaveLength(2 * CHANGES);
    const replaced = entries.map(({ previous }) => previous);
    expect(new Set(replaced).size).toBe(2 * CHANGES);
    const generations = new Set(readPublishes(reader.dir).map(({ generation }) => generation));
    for (const previous of replaced) expect(generations).toContain(previous);
  }, 300_000);

  it('publishes at once after a publisher was killed mid-publish, and never serves half a generation', async () => {
    const killed = spawn(process.execPath, [CLI('remotes'), 'set', 'catalog', manifest('killed', 1), '--no-verify', '--env', ADDRESS], {
      env: environ,
      cwd: ROOT,
    });
    await new Promise((resolve) => setTimeout(resolve, 1200));
    killed.kill('SIGKILL');
    const { status, output } = await set('cart', manifest('after-kill', 1));
    expect(status).toBe(0);
    expect(output).not.toContain('went live first');
    await untilServed((remotes) => remotes.cart === manifest('after-kill', 1), 1000);
  }, 120_000);

  it('answers every page while the gateway is down, says so, and follows the next publish once it is back', async () => {
    await gateway.pause();
    try {
      await new Promise((resolve) => setTimeout(resolve, 3000));
      for (const port of ANSWERER_PORTS)
        for (const address of ['/', '/products', '/vi/', '/remotes.json', '/nowhere'])
          expect([address, (await fetch(`http://localhost:${port}${address}`)).status]).toEqual([
            address,
            address === '/nowhere' ? 404 : 200,
          ]);
      for (const { lines } of answerers) expect(lines.filter((line) => line.includes('cannot be read'))).toHaveLength(1);
    } finally {
      await gateway.resume();
    }
    const { status } = await set('catalog', manifest('after-outage', 1));
    expect(status).toBe(0);
    await untilServed((remotes) => remotes.catalog === manifest('after-outage', 1), 1000);
    for (const { lines } of answerers) expect(lines.some((line) => line.includes('answers again'))).toBe(true);
  }, 180_000);
});
