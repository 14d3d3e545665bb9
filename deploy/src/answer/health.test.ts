import { rmSync } from 'node:fs';
import path from 'node:path';
import { composeAnswerer, createAnswerer } from './answer.ts';
import { watchEnvironment } from '../environment/served.ts';
import { fakeHostRenderer, fixtureShop, HOST_BUILD, renderRecord, writeGeneration, type FixtureShop } from '../testing/fixtures.ts';
import type { FileSource } from './files.ts';
import { PROBE_PATHS, type Readiness } from './health.ts';

const noFiles: FileSource = { find: () => Promise.resolve(undefined) };

describe('the probes', () => {
  let readiness: Readiness = { ready: true, checks: { generation: 'g1' } };
  const answer = composeAnswerer({ isHost: false, files: noFiles, readiness: () => Promise.resolve(readiness) }).answer;
  const ask = (path: string) => answer(new Request(`http://localhost${path}`));

  it('say the process is alive, never kept by any cache', async () => {
    const live = await ask(PROBE_PATHS.live);
    expect([live.status, live.headers.get('cache-control'), await live.json()]).toEqual([200, 'no-store', { alive: true }]);
    expect(live.headers.get('content-security-policy')).toContain("default-src 'none'");
  });

  it('say whether it is ready, with what was checked, and turn false while it cannot serve', async () => {
    const ready = await ask(PROBE_PATHS.ready);
    expect([ready.status, ready.headers.get('cache-control'), await ready.json()]).toEqual([200, 'no-store', readiness]);
    readiness = { ready: false, checks: { generation: false } };
    const notReady = await ask(PROBE_PATHS.ready);
    expect([notReady.status, await notReady.json()]).toEqual([503, { ready: false, checks: { generation: false } }]);
  });
});

describe('an answerer’s readiness', () => {
  let shop: FixtureShop;
  beforeEach(() => {
    shop = fixtureShop();
    fakeHostRenderer(shop);
  });
  afterEach(() => shop.cleanup());

  const answerer = () =>
    createAnswerer({
      app: { isHost: true, dist: shop.hostDist },
      environment: watchEnvironment(shop.env, { log: () => {}, recheckMs: 0 }),
      log: () => {},
    });
  const readiness = () => answerer().readiness();

  it('is false while no generation can be served, and says which check fails', async () => {
    expect(await readiness()).toEqual({ ready: false, checks: { generation: false, hostBuild: HOST_BUILD, renderer: expect.any(String) } });
  });

  it('is true once a generation is served beside its host build and the renderer answers', async () => {
    writeGeneration(shop.env, '20261126T000000000Z-1-0001');
    // Asked again as a probe asks, of one answerer: its renderer's first start may outlast one probe on a loaded machine.
    const probed = answerer();
    let ready = await probed.readiness();
    for (let probe = 1; probe < 5 && !ready.ready; probe += 1) ready = await probed.readiness();
    expect(ready).toEqual({ ready: true, checks: { generation: '20261126T000000000Z-1-0001', hostBuild: HOST_BUILD, renderer: true } });
  });

  it('is true when the generation was rendered by another host build (its pages are rendered in the browser meanwhile)', async () => {
    writeGeneration(shop.env, '20261126T000000000Z-1-0002', { render: { ...renderRecord(), hostBuild: '0.0.9+older' } });
    expect(await readiness()).toMatchObject({ ready: true, checks: { renderer: expect.stringContaining('not needed') } });
  });
});

describe('a remote’s readiness', () => {
  let shop: FixtureShop;
  beforeEach(() => (shop = fixtureShop()));
  afterEach(() => shop.cleanup());

  const readyz = async () => {
    const remote = createAnswerer({
      app: { isHost: false, dist: shop.remoteDist },
      environment: watchEnvironment(shop.env, { log: () => {}, recheckMs: 0 }),
      log: () => {},
    });
    const answered = await remote.answer(new Request(`http://localhost${PROBE_PATHS.ready}`));
    return { status: answered.status, text: await answered.text() };
  };

  it('says whether its build holds its manifest, and names no folder on disk, ready or not', async () => {
    const ready = await readyz();
    expect([ready.status, JSON.parse(ready.text)]).toEqual([200, { ready: true, checks: { build: true } }]);
    rmSync(path.join(shop.remoteDist, 'mf-manifest.json'));
    const notReady = await readyz();
    expect([notReady.status, JSON.parse(notReady.text)]).toEqual([
      503,
      { ready: false, checks: { build: 'no mf-manifest.json in its build' } },
    ]);
    for (const { text } of [ready, notReady]) {
      expect(text).not.toContain(shop.root);
      expect(text).not.toMatch(/dist|\/tmp|[A-Za-z]:\\/);
    }
  });
});
