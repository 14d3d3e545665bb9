/**
 * The answerer at the edge: the Worker's bundle in a real workerd and `npm run serve` (Node), both
 * over one environment in a real Ceph gateway, answer the address table alike, byte for byte; both
 * follow a publish within a second; the edge renders views in the browser.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ADDRESS_TABLE, NAVIGATION } from '../../../e2e/addresses.ts';
import { publish } from '../publish/publish.ts';
import { bundleWorker } from '../servers/edgeBundle.ts';
import { startWorkerd, type RunningWorkerd } from '../servers/workerd.ts';
import { storeEnvironment } from '../environment/storeEnvironment.ts';
import { generationKey, STORE_KEY } from '../environment/storeLayout.ts';
import { createObjectStore } from '../store/objectStore.ts';
import { parseStoreAddress } from '../store/storeConfig.ts';
import {
  fakeHostRenderer,
  fixtureShop,
  REMOTES,
  renderRecord,
  rolloutRecord,
  writeGeneration,
  type FixtureShop,
} from '../testing/fixtures.ts';
import { filesOf } from '../environment/storeFollow.ts';
import { gatewaySkipReason, startTestGateway, type TestGateway } from '../testing/s3Gateway.ts';

const ROOT = path.resolve(import.meta.dirname, '../../..');
const ADDRESS = 's3://maison-edge/production/';
const PORTS = { edge: 3760, node: 3761, edgeAlone: 3762 };
const SIGNALS_KEY = '0123456789abcdef'.repeat(4);
const skipped = gatewaySkipReason();

/** What two servers must answer alike (the date and the request id are each answer's own). */
const COMPARED = [
  'x-maison-override',
  'set-cookie',
  'content-type',
  'location',
  'cache-control',
  'content-security-policy',
  'vary',
  'etag',
  'link',
  'x-content-type-options',
];
const BEYOND_THE_TABLE: Array<[string, Record<string, string>]> = [
  ['/remotes.json', {}],
  ['/rollout.json', {}],
  ['/healthz', {}],
  ['/main.0123456789.js', {}],
  ['/main.0123456789.js', { 'accept-encoding': 'gzip' }],
  ['/main.0123456789.js.map', {}],
  ['/.env', {}],
  ['/favicon.svg', {}],
  ['/index.html', {}],
  ['/', { ...NAVIGATION, 'accept-encoding': 'br' }],
  ['/vi/products', { ...NAVIGATION, 'accept-encoding': 'gzip' }],
  ['/robots.txt', {}],
];

async function answerOf(origin: string, address: string, headers: Record<string, string>) {
  const answer = await fetch(`${origin}${address}`, { headers, redirect: 'manual' });
  const body = Buffer.from(await answer.arrayBuffer());
  const shown = Object.fromEntries(COMPARED.flatMap((name) => (answer.headers.has(name) ? [[name, answer.headers.get(name)]] : [])));
  return { status: answer.status, ...shown, body: createHash('sha256').update(body).digest('hex').slice(0, 16) };
}

(skipped ? describe.skip : describe)('the answerer at the edge: workerd and Node over one object store', () => {
  let gateway: TestGateway;
  let shop: FixtureShop;
  let hostDir: string;
  let edge: RunningWorkerd;
  let edgeAlone: RunningWorkerd;
  let node: ChildProcess;
  const edgeLines: string[] = [];
  const origins = { edge: `http://127.0.0.1:${PORTS.edge}`, node: `http://127.0.0.1:${PORTS.node}` };
  const quiet = () => {};

  const publishChange = (catalog: string) =>
    publish({
      env: storeEnvironment(ADDRESS, gateway.config),
      hostDir,
      doing: `catalog ${catalog}`,
      log: quiet,
      network: () => Promise.reject(new Error('offline')),
      change: (remotes) => ({ ...remotes, catalog }),
    });

  beforeAll(async () => {
    gateway = await startTestGateway({ portOffset: 3 });
    await gateway.createBucket('maison-edge');
    shop = fixtureShop();
    hostDir = fakeHostRenderer(shop).hostDir;
    const store = createObjectStore(gateway.config, parseStoreAddress(ADDRESS));
    await store.put(STORE_KEY.remotes, JSON.stringify(REMOTES));
    await store.put(STORE_KEY.site, JSON.stringify({ origin: 'https://shop.example.com' }));
    await publishChange(REMOTES.catalog);
    const { endpoint, accessKeyId, secretAccessKey, region } = gateway.config;
    const keys = {
      AWS_ENDPOINT_URL_S3: endpoint,
      AWS_ACCESS_KEY_ID: accessKeyId,
      AWS_SECRET_ACCESS_KEY: secretAccessKey,
      AWS_REGION: region,
    };
    const bundle = await bundleWorker(mkdtempSync(path.join(os.tmpdir(), 'maison-edge-bundle-')));
    const bindings = { ...keys, MAISON_ENV: ADDRESS, MAISON_SIGNALS_KEY: SIGNALS_KEY };
    edge = await startWorkerd(bundle, {
      port: PORTS.edge,
      bindings: { ...bindings, MAISON_RENDER_ORIGIN: origins.node },
      onLine: (line) => edgeLines.push(line),
    });
    // One with no render origin: views rendered in the browser.
    edgeAlone = await startWorkerd(bundle, { port: PORTS.edgeAlone, bindings, onLine: () => {} });
    const args = ['--build', shop.hostDist, '--port', String(PORTS.node), '--no-access-log', '--env', ADDRESS];
    node = spawn(process.execPath, [path.join(ROOT, 'deploy/src/cli/serve.ts'), ...args], {
      env: { ...process.env, ...keys, MAISON_SIGNALS_KEY: SIGNALS_KEY },
      stdio: 'ignore',
    });
    for (let tries = 0; tries < 100; tries += 1) {
      const ready = await fetch(`${origins.node}/readyz`).then(
        (answer) => answer.ok,
        () => false,
      );
      if (ready) break;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }, 300_000);
  afterAll(async () => {
    node?.kill('SIGTERM');
    await edge?.stop();
    await edgeAlone?.stop();
    await gateway?.stop();
    shop?.cleanup();
  }, 60_000);

  it('answers the address table and the files alike, byte for byte', async () => {
    const asked: Array<[string, Record<string, string>]> = [
      ...ADDRESS_TABLE.map(([address]): [string, Record<string, string>] => [address, NAVIGATION]),
      ...BEYOND_THE_TABLE,
    ];
    for (const [address, headers] of asked) {
      const [fromEdge, fromNode] = await Promise.all([answerOf(origins.edge, address, headers), answerOf(origins.node, address, headers)]);
      expect({ address, ...fromEdge }).toEqual({ address, ...fromNode });
    }
  }, 60_000);

  it('answers a conditional GET, HEAD, a beacon token and a write it refuses as Node does', async () => {
    const etag = (await fetch(`${origins.edge}/`, { headers: NAVIGATION })).headers.get('etag')!;
    const requests: Array<[string, RequestInit]> = [
      ['/', { headers: { ...NAVIGATION, 'if-none-match': etag } }],
      ['/products', { method: 'HEAD', headers: NAVIGATION }],
      ['/rum/page-load', { method: 'POST', headers: { 'sec-fetch-site': 'same-origin' } }],
      ['/rum/page-load', { method: 'POST', headers: { 'sec-fetch-site': 'cross-site' } }],
      ['/products', { method: 'DELETE' }],
    ];
    for (const [address, init] of requests) {
      const [fromEdge, fromNode] = await Promise.all(
        [origins.edge, origins.node].map(async (origin) => (await fetch(`${origin}${address}`, { ...init, redirect: 'manual' })).status),
      );
      expect([address, init.method, fromEdge]).toEqual([address, init.method, fromNode]);
    }
  });

  it('answers a view from its render origin as Node answers it, and says so in its access line', async () => {
    for (const encoding of ['gzip', 'br', 'identity']) {
      const headers = { ...NAVIGATION, 'accept-encoding': encoding, 'x-request-id': `edge-view-${encoding}` };
      const [fromEdge, fromNode] = await Promise.all(
        [origins.edge, origins.node].map((origin) => answerOf(origin, '/products?sort=price-asc', headers)),
      );
      expect(fromEdge).toEqual(fromNode);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
    const line = edgeLines.find((text) => text.includes('"edge-view-gzip"'));
    expect(JSON.parse(line!.replace(/^.*?\{/, '{'))).toMatchObject({ route: '/products', served: 'origin', status: 200 });
  });

  it("renders a view in the browser with no render origin: the shell, with the route's preload hints", async () => {
    const answer = await fetch(`${edgeAlone.origin}/products?sort=price-asc`, { headers: NAVIGATION });
    expect(answer.status).toBe(200);
    expect(await answer.text()).toContain('mk-app-shell');
    expect(answer.headers.get('link')).toContain('rel=preload');
  });

  it('writes one JSON access line per answer, with its request id', async () => {
    const answer = await fetch(`${origins.edge}/about`, { headers: { ...NAVIGATION, 'x-request-id': 'edge-test-0001' } });
    expect(answer.headers.get('x-request-id')).toBe('edge-test-0001');
    await new Promise((resolve) => setTimeout(resolve, 200));
    const line = edgeLines.map((text) => text.replace(/^.*?(\{)/, '$1')).find((text) => text.includes('"edge-test-0001"'));
    expect(JSON.parse(line!)).toMatchObject({
      reqId: 'edge-test-0001',
      app: 'host',
      method: 'GET',
      route: '/about',
      status: 200,
      served: 'published',
      msg: 'answered',
    });
  });

  it('follows a publish within a second, as Node does', async () => {
    const catalog = 'https://cdn.example.com/catalog/9/mf-manifest.json';
    await publishChange(catalog);
    const published = Date.now();
    const took: Record<string, number> = {};
    while (Object.keys(took).length < 2 && Date.now() - published < 3000) {
      for (const [name, origin] of Object.entries(origins)) {
        const remotes = (await (await fetch(`${origin}/remotes.json`)).json()) as Record<string, unknown>;
        if (remotes.catalog === catalog) took[name] ??= Date.now() - published;
      }
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    console.log(`[test] the publish was served by workerd after ${took.edge} ms, by Node after ${took.node} ms`);
    expect(took.edge).toBeLessThanOrEqual(1000);
    expect(took.node).toBeLessThanOrEqual(1000);
  }, 60_000);

  it("splits shoppers by cohort while a rollout runs, and takes a tester's override, as Node does", async () => {
    const store = createObjectStore(gateway.config, parseStoreAddress(ADDRESS));
    const canary = 'https://cdn.example.com/catalog/3/mf-manifest.json';
    const id = '20991126T180000000Z-1-0001';
    writeGeneration(shop.env, id, { current: false, render: renderRecord({ canary: { rollout: 'r1', remote: 'catalog' } }) });
    writeGeneration(shop.env, `${id}/canary`, { current: false, remotesJson: JSON.stringify({ ...REMOTES, catalog: canary }) });
    const dir = path.join(shop.env, 'generations', id);
    for (const file of filesOf(dir)) await store.put(generationKey(id, file.split(path.sep).join('/')), readFileSync(path.join(dir, file)));
    const rollout = rolloutRecord({ id: 'r1', remote: 'catalog', canary: [canary], stable: [REMOTES.catalog] });
    await store.put(STORE_KEY.rollout, JSON.stringify(rollout));
    const pointer = await store.get(STORE_KEY.current);
    if (pointer.status !== 'found') throw new Error('no pointer');
    await store.putIfMatch(
      STORE_KEY.current,
      JSON.stringify({ generation: id, previous: null, at: new Date().toISOString(), doing: 'a rollout' }),
      pointer.etag,
    );
    // The edge follows as requests come: asked until it serves the new generation (the first ask may find it being fetched).
    const served = async (origin: string) => ((await (await fetch(`${origin}/remotes.json`)).json()) as { catalog?: unknown }).catalog;
    for (const started = Date.now(); Date.now() - started < 3000; await new Promise((resolve) => setTimeout(resolve, 50)))
      if ((await served(origins.edge)) === REMOTES.catalog && (await served(origins.node)) === REMOTES.catalog) break;
    const claims: Array<Record<string, string>> = [
      {},
      { cookie: 'maison_bucket=12; maison_cohort=r1.canary' },
      { cookie: 'maison_cohort=r1.stable' },
      { cookie: 'maison_cohort=r1.stable', 'x-maison-cohort': 'r1.canary' },
      { cookie: 'maison_build=catalog@0.2.0+new' },
      { 'x-maison-build': 'catalog@0.1.0+old', cookie: 'maison_cohort=r1.canary' },
    ];
    for (const claim of claims)
      for (const address of ['/', '/products', '/remotes.json', '/rollout.json']) {
        const headers = { ...NAVIGATION, ...claim };
        const [fromEdge, fromNode] = await Promise.all([
          answerOf(origins.edge, address, headers),
          answerOf(origins.node, address, headers),
        ]);
        expect({ address, claim, ...fromEdge }).toEqual({ address, claim, ...fromNode });
      }
    const canaryPage = await (await fetch(`${origins.edge}/`, { headers: { ...NAVIGATION, cookie: 'maison_cohort=r1.canary' } })).text();
    expect(canaryPage).toContain(`${id}/canary`);
  }, 60_000);
});
