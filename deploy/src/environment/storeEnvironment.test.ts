/** An environment in an object store, against a real Ceph gateway (testing/s3Gateway.ts): publishing, following, racing, refusing. */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { AccessDeniedError, createObjectStore, type ObjectStore } from '../store/objectStore.ts';
import { parseStoreAddress, type StoreConfig } from '../store/storeConfig.ts';
import { gatewaySkipReason, startTestGateway, type TestGateway } from '../testing/s3Gateway.ts';
import { fakeHostRenderer, fixtureShop, REMOTES, type FixtureShop } from '../testing/fixtures.ts';
import { publish } from '../publish/publish.ts';
import { rollback } from '../publish/rollback.ts';
import { checkGeneration, currentId, generationDir, isGood } from './generation.ts';
import { ENVIRONMENT_FILE } from './layout.ts';
import { storeEnvironment } from './storeEnvironment.ts';
import { parsePointer, STORE_KEY } from './storeLayout.ts';
import { followEnvironment } from './follower.ts';
import { PUBLISH_JOURNAL, readPublishes } from './publishJournal.ts';

const BUCKET = 'maison-env-test';
const skipped = gatewaySkipReason();
if (skipped) console.warn(`[store] the store environment's tests are skipped: ${skipped}`);

const offline = () => Promise.reject(new Error('offline'));
let prefixes = 0;

(skipped ? describe.skip : describe)('an environment in an object store, on a real Ceph gateway', () => {
  let gateway: TestGateway;
  let shop: FixtureShop;
  let hostDir: string;
  beforeAll(async () => {
    gateway = await startTestGateway({ portOffset: 1 });
    await gateway.createBucket(BUCKET);
    shop = fixtureShop();
    hostDir = fakeHostRenderer(shop).hostDir;
  }, 300_000);
  afterAll(async () => {
    shop?.cleanup();
    await gateway?.stop();
  }, 60_000);

  /** A new environment's address, seeded as an operator would (remotes.json and environment.json copied in). */
  async function seeded(): Promise<{ address: string; store: ObjectStore }> {
    const address = `s3://${BUCKET}/envs/e${(prefixes += 1)}/`;
    const store = createObjectStore(gateway.config, parseStoreAddress(address));
    await store.put(STORE_KEY.remotes, JSON.stringify(REMOTES));
    await store.put(STORE_KEY.site, JSON.stringify({ origin: 'https://shop.example.com' }));
    return { address, store };
  }
  const machine = (address: string, config: StoreConfig = gateway.config) => storeEnvironment(address, config);
  const quiet = () => {};

  it('publishes a generation that another machine follows whole, and rolls back', async () => {
    const { address } = await seeded();
    const publisher = machine(address);
    const first = await publish({ env: publisher, hostDir, doing: 'first', log: quiet, network: offline });
    const second = await publish({
      env: publisher,
      hostDir,
      doing: 'second',
      log: quiet,
      network: offline,
      change: (remotes) => ({ ...remotes, catalog: 'https://cdn.example.com/catalog/2/mf-manifest.json' }),
    });
    const answerer = machine(address);
    await answerer.follow();
    expect(currentId(answerer.dir)).toBe(second.generation.id);
    expect(isGood(checkGeneration(generationDir(answerer.dir, second.generation.id)))).toBe(true);
    expect(JSON.parse(readFileSync(path.join(answerer.dir, ENVIRONMENT_FILE.remotes), 'utf8')).catalog).toBe(
      'https://cdn.example.com/catalog/2/mf-manifest.json',
    );
    await rollback({ env: machine(address), log: quiet });
    await answerer.follow();
    expect(currentId(answerer.dir)).toBe(first.generation.id);
  }, 60_000);

  it('lands every change of two publishers racing, each generation after the one before', async () => {
    const { address, store } = await seeded();
    await publish({ env: machine(address), hostDir, doing: 'first', log: quiet, network: offline, render: false });
    const lines: string[] = [];
    const publisher = async (name: string) => {
      const environment = machine(address);
      for (let change = 0; change < 5; change += 1)
        await publish({
          env: environment,
          hostDir,
          doing: `${name} ${change}`,
          log: (line) => lines.push(line),
          network: offline,
          render: false,
          change: (remotes) => ({ ...remotes, [`${name}${change}`]: 'x' }),
        });
    };
    await Promise.all([publisher('a'), publisher('b')]);
    const answerer = machine(address);
    await answerer.follow();
    const remotes = JSON.parse(readFileSync(path.join(answerer.dir, ENVIRONMENT_FILE.remotes), 'utf8')) as Record<string, unknown>;
    for (const name of ['a', 'b']) for (let change = 0; change < 5; change += 1) expect(remotes).toHaveProperty(`${name}${change}`);
    // Each publish replaced the one before it: 11 publishes, 11 different generations replaced, none lost.
    await answerer.follow({ journals: [PUBLISH_JOURNAL] });
    const entries = readPublishes(answerer.dir);
    expect(entries).toHaveLength(11);
    const generations = new Set(entries.map(({ generation }) => generation));
    const replaced = entries.flatMap(({ previous }) => previous ?? []);
    expect(new Set(replaced).size).toBe(10);
    for (const previous of replaced) expect(generations).toContain(previous);
    void store;
    expect(lines.some((line) => line.includes('went live first: applying this change again on top of it'))).toBe(true);
  }, 120_000);

  it('follows from a publish, and a publisher that died after writing part of a generation blocks nothing', async () => {
    const { address, store } = await seeded();
    const published = await publish({ env: machine(address), hostDir, doing: 'first', log: quiet, network: offline, render: false });
    // A publisher died mid-publish: part of its generation written, the pointer never moved.
    await store.putIfAbsent('generations/20200101T000000000Z-1-0001/remotes.json', '{}');
    const lines: string[] = [];
    const answerer = machine(address);
    const follower = followEnvironment(answerer, { everyMs: 100, log: (line) => lines.push(line) });
    await follower.first;
    expect(currentId(answerer.dir)).toBe(published.generation.id);
    const next = await publish({ env: machine(address), hostDir, doing: 'next', log: quiet, network: offline, render: false });
    const started = Date.now();
    while (currentId(answerer.dir) !== next.generation.id && Date.now() - started < 1000)
      await new Promise((resolve) => setTimeout(resolve, 20));
    expect(currentId(answerer.dir)).toBe(next.generation.id);
    follower.stop();
  }, 60_000);

  it('serves with read-only keys, and refuses their publish naming the permission missing', async () => {
    const { address } = await seeded();
    await publish({ env: machine(address), hostDir, doing: 'first', log: quiet, network: offline, render: false });
    const keys = await gateway.createUser('answerer');
    const prefix = parseStoreAddress(address).prefix;
    await gateway.putBucketPolicy(BUCKET, {
      Version: '2012-10-17',
      Statement: [
        {
          Effect: 'Allow',
          Principal: { AWS: ['arn:aws:iam:::user/answerer'] },
          Action: 's3:GetObject',
          Resource: `arn:aws:s3:::${BUCKET}/${prefix}*`,
        },
        {
          Effect: 'Allow',
          Principal: { AWS: ['arn:aws:iam:::user/answerer'] },
          Action: 's3:ListBucket',
          Resource: `arn:aws:s3:::${BUCKET}`,
        },
      ],
    });
    const readOnly = machine(address, { ...gateway.config, ...keys });
    await readOnly.follow();
    expect(currentId(readOnly.dir)).toBeDefined();
    const refused = publish({ env: readOnly, hostDir, doing: 'read-only', log: quiet, network: offline, render: false });
    await expect(refused).rejects.toThrow(AccessDeniedError);
    await expect(refused).rejects.toThrow(/s3:PutObject/);
  }, 60_000);

  it('keeps one judge at a time: a second waits for the lease until the first lets it go', async () => {
    const { address } = await seeded();
    const order: string[] = [];
    let release = () => {};
    const first = machine(address).withLease('judge', () => (order.push('first'), new Promise<void>((resolve) => (release = resolve))), {
      log: quiet,
      ttlMs: 3000,
    });
    await new Promise((resolve) => setTimeout(resolve, 300));
    const lines: string[] = [];
    const second = machine(address).withLease('judge', async () => void order.push('second'), {
      log: (line) => lines.push(line),
      ttlMs: 3000,
    });
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(order).toEqual(['first']);
    expect(lines.join('\n')).toMatch(/is held by .* waiting for it/);
    release();
    await Promise.all([first, second]);
    expect(order).toEqual(['first', 'second']);
  }, 30_000);

  it('keeps answering from the last generation while the store is away, says so once, and follows again after', async () => {
    const { address, store } = await seeded();
    const published = await publish({ env: machine(address), hostDir, doing: 'first', log: quiet, network: offline, render: false });
    const lines: string[] = [];
    const answerer = storeEnvironment(address, { ...gateway.config, timeoutMs: 1000 });
    const follower = followEnvironment(answerer, { everyMs: 100, log: (line) => lines.push(line) });
    await follower.first;
    await gateway.pause();
    try {
      await new Promise((resolve) => setTimeout(resolve, 1500));
      expect(follower.reachable()).toBe(false);
      expect(currentId(answerer.dir)).toBe(published.generation.id);
      expect(lines.filter((line) => line.includes('cannot be read'))).toHaveLength(1);
    } finally {
      await gateway.resume();
    }
    const next = await publish({ env: machine(address), hostDir, doing: 'next', log: quiet, network: offline, render: false });
    const started = Date.now();
    while (currentId(answerer.dir) !== next.generation.id && Date.now() - started < 3000)
      await new Promise((resolve) => setTimeout(resolve, 20));
    expect(currentId(answerer.dir)).toBe(next.generation.id);
    expect(follower.reachable()).toBe(true);
    expect(lines.some((line) => line.includes('answers again'))).toBe(true);
    follower.stop();
    const pointer = await store.get(STORE_KEY.current);
    expect(pointer.status === 'found' && parsePointer(pointer.body, 'current').previous).toBe(published.generation.id);
  }, 120_000);
});
