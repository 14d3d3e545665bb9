/** The pages' beacons as the answerer receives them: capped, rate-limited per client, validated, counted per page template and build. */
import { servedRoutes } from '@maison/host/hosting';
import { type Beacon } from '@maison/host/contract';
import type { ReplyHandler } from '../answer/http.ts';
import type { KnownBuilds } from './knownBuilds.ts';
import { newContext } from './requestContext.ts';
import { signals, type SignalCounts } from './signals.ts';
import type { RolloutRecord } from '../rollout/rolloutRecord.ts';

const HOST = '0.1.0+host';
const CATALOG = '0.1.0+catalog2';
const CATALOG_BEFORE = '0.1.0+catalog1';
const CART = '0.1.0+cart1';
const MANIFEST = 'https://cdn.example.com/catalog/2/mf-manifest.json';

const known: KnownBuilds = {
  hosts: new Set([HOST]),
  isBuild: (remote, build) => ({ catalog: [CATALOG, CATALOG_BEFORE], cart: [CART] })[remote]?.includes(build) ?? false,
  firstBuild: (remote) => ({ catalog: CATALOG, cart: CART })[remote],
  buildAt: (manifest) => (manifest === MANIFEST ? CATALOG : undefined),
};

function counting() {
  const seen: Array<[string, ...unknown[]]> = [];
  const counts: SignalCounts = {
    beacon: (outcome) => void seen.push(['beacon', outcome]),
    view: (labels) => void seen.push(['view', labels]),
    vital: (name, labels, value) => void seen.push(['vital', name, labels, value]),
    load: (labels, fallback) => void seen.push(['load', labels, fallback]),
    failure: (labels, reason) => void seen.push(['failure', labels, reason]),
    error: (labels) => void seen.push(['error', labels]),
    assigned: (rollout, cohort, views) => void seen.push(['assigned', rollout, cohort, views]),
  };
  return { counts, seen };
}

const next: ReplyHandler = () => Promise.resolve({ status: 404, headers: {} });
const beacon = (records: Beacon['records'], builds: Beacon['builds'] = { catalog: CATALOG }): Beacon => ({
  v: 1,
  pageLoad: 'm4x-1a2b3c',
  hostBuild: HOST,
  builds,
  records,
});

function receiver(rate = { burst: 100, perSecond: 100 }, rollout?: RolloutRecord) {
  const { counts, seen } = counting();
  const handler = signals(next, { routes: servedRoutes, known: () => known, counts, rate, rollout: () => rollout });
  const post = (body: unknown, client = '203.0.113.9', path = '/rum', cookie?: string) => {
    const text = typeof body === 'string' ? body : JSON.stringify(body);
    const headers = { 'content-type': 'text/plain', ...(cookie ? { cookie } : {}) };
    const request = new Request(`http://shop.invalid${path}`, { method: 'POST', body: text, headers });
    return handler(request, new URL(request.url), newContext('r-12345678', client));
  };
  return { post, seen };
}

describe('the pages’ beacons', () => {
  it('are counted per page template and per build the page runs, the host’s included', async () => {
    const { post, seen } = receiver();
    const answer = await post(
      beacon([
        { kind: 'view', page: '/vi/products/hoi-an-handkerchief' },
        { kind: 'load', page: '/vi/products/hoi-an-handkerchief', remote: 'catalog', build: CATALOG, fallback: false },
        { kind: 'vital', page: '/vi/products/hoi-an-handkerchief', name: 'LCP', value: 1250 },
        { kind: 'error', page: '/vi/products/hoi-an-handkerchief', remote: 'catalog' },
        { kind: 'error', page: '/about', remote: 'host' },
      ]),
    );
    expect([answer.status, answer.headers['Cache-Control']]).toEqual([204, 'no-store']);
    const product = { page: '/products/:slug', remote: 'catalog', build: CATALOG, audience: 'shoppers' };
    const hostOnProduct = { page: '/products/:slug', remote: 'host', build: HOST, audience: 'shoppers' };
    expect(seen).toEqual([
      ['view', hostOnProduct],
      ['view', product],
      ['load', product, false],
      ['vital', 'LCP', hostOnProduct, 1250],
      ['vital', 'LCP', product, 1250],
      ['error', product],
      ['error', { page: '/about', remote: 'host', build: HOST, audience: 'shoppers' }],
      ['beacon', 'accepted'],
    ]);
  });

  it('from a tester (a build asked for by name) are counted apart; a shopper’s, under the cohort a rollout assigned them', async () => {
    const rollout = { id: 'r1', remote: 'cart' } as RolloutRecord;
    const { post, seen } = receiver(undefined, rollout);
    const views = [
      { kind: 'view' as const, page: '/about' },
      { kind: 'view' as const, page: '/contact' },
    ];
    await post(beacon(views.slice(0, 1)), undefined, undefined, 'maison_build=cart@0.2.0; maison_cohort=r1.canary');
    await post(beacon(views), undefined, undefined, 'maison_cohort=r1.canary');
    await post(beacon(views.slice(0, 1)), undefined, undefined, 'maison_cohort=r0.stable');
    const host = (page: string, audience: string) => ['view', { page, remote: 'host', build: HOST, audience }];
    expect(seen).toEqual([
      host('/about', 'testers'),
      ['beacon', 'accepted'],
      host('/about', 'shoppers'),
      host('/contact', 'shoppers'),
      ['assigned', 'r1', 'canary', 2],
      ['beacon', 'accepted'],
      host('/about', 'shoppers'),
      ['beacon', 'accepted'],
    ]);
  });

  it('count an error thrown before the page heard its remote loaded under the build asked for first', async () => {
    const { post, seen } = receiver();
    await post(beacon([{ kind: 'error', page: '/cart', remote: 'cart' }], {}));
    expect(seen).toEqual([
      ['error', { page: '/cart', remote: 'cart', build: CART, audience: 'shoppers' }],
      ['beacon', 'accepted'],
    ]);
  });

  it('count a fallback and a failure against the build that was asked for', async () => {
    const { post, seen } = receiver();
    await post(
      beacon(
        [
          { kind: 'failure', page: '/products', remote: 'catalog', url: MANIFEST, reason: 'unreachable' },
          { kind: 'load', page: '/products', remote: 'catalog', build: CATALOG_BEFORE, fallback: true },
        ],
        { catalog: CATALOG_BEFORE },
      ),
    );
    const asked = { page: '/products', remote: 'catalog', build: CATALOG, audience: 'shoppers' };
    expect(seen).toEqual([
      ['failure', asked, 'unreachable'],
      ['load', asked, true],
      ['beacon', 'accepted'],
    ]);
  });

  it.each([
    ['a host build not served', { ...beacon([]), hostBuild: '9.9.9+other' }],
    ['a remote build not served', beacon([], { catalog: '9.9.9+other' })],
    ['a load from a build not served', beacon([{ kind: 'load', page: '/', remote: 'cart', build: '9.9.9+other', fallback: false }])],
    [
      'a failure at a manifest not listed',
      beacon([{ kind: 'failure', page: '/', remote: 'cart', url: 'https://elsewhere.example/mf-manifest.json', reason: 'unreachable' }]),
    ],
  ])('are refused, counting nothing but the refusal, when they name %s', async (_case, body) => {
    const { post, seen } = receiver();
    expect((await post(body)).status).toBe(422);
    expect(seen).toEqual([['beacon', 'unknown-build']]);
  });

  it.each([
    ['not JSON', 'page=/products'],
    ['another shape', { v: 2, records: [] }],
    ['a record of another kind', beacon([{ kind: 'cart', page: '/cart' } as never])],
    ['a vital out of range', beacon([{ kind: 'vital', page: '/', name: 'LCP', value: -1 }])],
    ['a page that is no path', beacon([{ kind: 'view', page: 'https://elsewhere.example/' }])],
  ])('are refused when %s', async (_case, body) => {
    const { post, seen } = receiver();
    expect((await post(body)).status).toBe(400);
    expect(seen).toEqual([['beacon', 'invalid']]);
  });

  it('are refused past their size, without reading on', async () => {
    const { post, seen } = receiver();
    const huge = beacon(Array.from({ length: 256 }, () => ({ kind: 'view' as const, page: `/${'x'.repeat(100)}` })));
    expect((await post(huge)).status).toBe(413);
    expect(seen).toEqual([['beacon', 'too-large']]);
  });

  it('are limited per client: a burst, then a rate; another client is not held back', async () => {
    const { post, seen } = receiver({ burst: 3, perSecond: 0.001 });
    const statuses = [];
    for (let index = 0; index < 5; index += 1) statuses.push((await post(beacon([]), 'flooder')).status);
    expect(statuses).toEqual([204, 204, 204, 429, 429]);
    expect((await post(beacon([]), 'shopper')).status).toBe(204);
    expect(seen.filter(([, outcome]) => outcome === 'rate-limited')).toHaveLength(2);
  });

  it('are only POSTs to their own address: anything else goes on to the rules', async () => {
    const { seen } = receiver();
    const handler = signals(next, { routes: servedRoutes, known: () => known, counts: counting().counts });
    const get = new Request('http://shop.invalid/rum');
    expect((await handler(get, new URL(get.url), newContext('r-12345678'))).status).toBe(404);
    const elsewhere = new Request('http://shop.invalid/products', { method: 'POST', body: '{}' });
    expect((await handler(elsewhere, new URL(elsewhere.url), newContext('r-12345678'))).status).toBe(404);
    expect(seen).toEqual([]);
  });
});
