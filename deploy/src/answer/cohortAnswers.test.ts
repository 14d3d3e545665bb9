/**
 * What the host answers while a rollout splits shoppers, for a small shop on disk whose current
 * generation carries a canary cohort's pages (testing/fixtures.ts): each request gets its cohort's
 * page, and no answer a shared cache may keep could ever reach the other cohort.
 */
import type { RolloutRecord } from '@maison/host/contract';
import { createAnswerer } from './answer.ts';
import type { Answerer } from './http.ts';
import { watchEnvironment } from '../environment/served.ts';
import { fixtureShop, REMOTES, renderRecord, writeGeneration, type FixtureShop } from '../testing/fixtures.ts';
import { writeRollout } from '../environment/rolloutRecord.ts';

const GEN = '20261126T180000000Z-1-0001';
const CANARY = 'https://cdn.example.com/catalog/3/mf-manifest.json';
const HTML = 'text/html,application/xhtml+xml';
const ROLLOUT: RolloutRecord = {
  id: 'r1',
  remote: 'catalog',
  state: 'running',
  share: 5,
  steps: [5, 25, 50, 100],
  canary: [CANARY],
  stable: [REMOTES.catalog],
  canaryBuild: '0.2.0+canary',
  stableBuild: '0.1.0+stable',
  startedAt: '2026-11-26T18:00:00.000Z',
  stepStartedAt: '2026-11-26T18:00:00.000Z',
};

let shop: FixtureShop;
let host: Answerer;
beforeEach(() => {
  shop = fixtureShop();
  writeGeneration(shop.env, GEN, { render: renderRecord({ canary: { rollout: 'r1', remote: 'catalog' } }) });
  writeGeneration(shop.env, `${GEN}/canary`, { current: false, remotesJson: JSON.stringify({ ...REMOTES, catalog: CANARY }) });
  writeRollout(shop.env, ROLLOUT);
  const environment = watchEnvironment(shop.env, { log: () => {}, recheckMs: 0 });
  host = createAnswerer({ app: { isHost: true, dist: shop.hostDist }, environment, log: () => {} }).answer;
});
afterEach(() => shop.cleanup());

async function ask(path: string, headers: Record<string, string> = {}) {
  const answer = await host(new Request(`http://localhost${path}`, { headers: { accept: HTML, ...headers } }));
  const body = await answer.text();
  const set = answer.headers.get('set-cookie');
  if (set !== null) throw new Error(`${path} set a cookie: ${set}`);
  return {
    cohort: body.includes(`${GEN}/canary`) || body.includes(CANARY) ? 'canary' : 'stable',
    cache: answer.headers.get('cache-control'),
    vary: answer.headers.get('vary'),
    override: answer.headers.get('x-maison-override'),
    body,
  };
}

const PUBLIC = 'public, max-age=0, must-revalidate, s-maxage=10, stale-while-revalidate=60';
const PRIVATE = 'private, no-store';
/** What the canary key gets: kept its fresh time, never served stale (its page changes at once with an abort, a promotion, a new rollout). */
const CANARY_KEY = 'public, max-age=0, must-revalidate, s-maxage=10';

describe('while a rollout splits shoppers', () => {
  it.each([
    ['a first visit (no cohort yet)', {}, 'stable', PUBLIC, 'Cookie'],
    ['the canary cohort', { cookie: 'maison_bucket=12; maison_cohort=r1.canary' }, 'canary', CANARY_KEY, 'Cookie'],
    ['the stable cohort', { cookie: 'maison_cohort=r1.stable' }, 'stable', PUBLIC, 'Cookie'],
    [
      'the canary cohort, through a CDN',
      { cookie: 'maison_cohort=r1.stable', 'x-maison-cohort': 'r1.canary' },
      'canary',
      CANARY_KEY,
      'X-Maison-Cohort',
    ],
    ['a first visit, through a CDN', { 'x-maison-cohort': 'none' }, 'stable', PUBLIC, 'X-Maison-Cohort'],
    ['a canary claim of an earlier rollout (kept privately)', { cookie: 'maison_cohort=r0.canary' }, 'stable', PRIVATE, 'Cookie'],
  ])('%s gets its cohort’s page', async (_case, headers, cohort, cache, vary) => {
    for (const path of ['/products', '/vi/products/hoi-an-handkerchief', '/no-such-page']) {
      const answer = await ask(path, headers);
      expect([path, answer.cohort, answer.cache]).toEqual([path, cohort, cache]);
      expect(answer.vary?.split(', ')).toEqual(expect.arrayContaining([vary]));
    }
  });

  it('remotes.json is the cohort’s, and never kept for the other', async () => {
    expect((await ask('/remotes.json', { cookie: 'maison_cohort=r1.canary' })).body).toContain(CANARY);
    expect((await ask('/remotes.json')).body).not.toContain(CANARY);
  });

  it('a tester gets the build they name, privately, and is told; a build not served or a URL is refused', async () => {
    expect(await ask('/products', { cookie: 'maison_build=catalog@0.2.0+canary' })).toMatchObject({
      cohort: 'canary',
      cache: PRIVATE,
      override: 'catalog@0.2.0+canary',
    });
    expect(await ask('/products', { 'x-maison-build': 'catalog@0.1.0+stable', cookie: 'maison_cohort=r1.canary' })).toMatchObject({
      cohort: 'stable',
      cache: PRIVATE,
    });
    for (const asked of ['catalog@9.9.9', `catalog@${CANARY}`, CANARY]) {
      const answer = await ask('/products', { 'x-maison-build': asked });
      expect([answer.cohort, answer.cache, answer.override]).toEqual(['stable', PRIVATE, expect.stringMatching(/^refused: /)]);
    }
  });

  it('/rollout.json says the rollout, never kept', async () => {
    const answer = await host(new Request('http://localhost/rollout.json'));
    expect(answer.headers.get('cache-control')).toBe('no-store');
    expect(await answer.json()).toEqual({
      id: 'r1',
      remote: 'catalog',
      state: 'running',
      share: 5,
      canary: [CANARY],
      stable: [REMOTES.catalog],
    });
  });
});

describe('once a rollout ends', () => {
  it('an abort is followed at once: the canary cohort gets the stable pages, kept under its key in place of the canary’s; /rollout.json says so', async () => {
    writeRollout(shop.env, { ...ROLLOUT, state: 'aborted' });
    const canaryClaims: Array<Record<string, string>> = [{ cookie: 'maison_cohort=r1.canary' }, { 'x-maison-cohort': 'r1.canary' }];
    for (const headers of canaryClaims) expect(await ask('/products', headers)).toMatchObject({ cohort: 'stable', cache: CANARY_KEY });
    expect(await ask('/products', { 'x-maison-cohort': 'r1.canary' })).toMatchObject({ vary: expect.stringContaining('X-Maison-Cohort') });
    expect(await ask('/products', { cookie: 'maison_cohort=r1.stable' })).toMatchObject({ cohort: 'stable', cache: PUBLIC });
    // A tester's override is still no cache's.
    expect(await ask('/products', { cookie: 'maison_cohort=r1.canary; maison_build=catalog@0.2.0+canary' })).toMatchObject({
      cohort: 'stable',
      cache: PRIVATE,
    });
    expect(await (await host(new Request('http://localhost/rollout.json'))).json()).toMatchObject({ state: 'aborted' });
  });

  it('a promotion too: every key gets the one set of pages, shared', async () => {
    writeRollout(shop.env, { ...ROLLOUT, state: 'promoted', share: 100 });
    expect(await ask('/products', { 'x-maison-cohort': 'r1.canary' })).toMatchObject({ cache: CANARY_KEY });
    expect(await ask('/products', { 'x-maison-cohort': 'r1.stable' })).toMatchObject({ cache: PUBLIC });
  });

  it('a new rollout’s split makes another rollout’s canary claim private again', async () => {
    writeRollout(shop.env, { ...ROLLOUT, state: 'aborted' });
    expect(await ask('/products', { 'x-maison-cohort': 'r0.canary' })).toMatchObject({ cohort: 'stable', cache: CANARY_KEY });
    writeRollout(shop.env, ROLLOUT);
    expect(await ask('/products', { 'x-maison-cohort': 'r0.canary' })).toMatchObject({ cohort: 'stable', cache: PRIVATE });
    expect(await ask('/products', { 'x-maison-cohort': 'r1.canary' })).toMatchObject({ cohort: 'canary', cache: CANARY_KEY });
  });

  it('with no rollout at all, pages vary on no cookie and /rollout.json is {}', async () => {
    shop.cleanup();
    shop = fixtureShop();
    writeGeneration(shop.env, GEN);
    const environment = watchEnvironment(shop.env, { log: () => {}, recheckMs: 0 });
    host = createAnswerer({ app: { isHost: true, dist: shop.hostDist }, environment, log: () => {} }).answer;
    expect(await ask('/products')).toMatchObject({ cohort: 'stable', cache: PUBLIC, vary: 'Accept-Encoding' });
    expect(await (await host(new Request('http://localhost/rollout.json'))).json()).toEqual({});
  });
});
