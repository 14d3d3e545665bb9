/** The pages' beacons as the answerer receives them: capped, rate-limited per client, validated, counted per page template and build. */
import { servedRoutes } from '@maison/host/hosting';
import { type Beacon, type RolloutRecord } from '@maison/host/contract';
import type { ReplyHandler } from '../http.ts';
import type { KnownBuilds } from './knownBuilds.ts';
import { newContext } from '../requestContext.ts';
import { withBeaconReceiver } from './beaconReceiver.ts';
import type { SignalCounts } from './beaconCounts.ts';
import { pageLoadTokens, TOKEN_LIFE_MS } from './pageLoadTokens.ts';

const HOST = '0.1.0+host';
const CATALOG = '0.1.0+catalog2';
const CATALOG_BEFORE = '0.1.0+catalog1';
const CART = '0.1.0+cart1';
const MANIFEST = 'https://cdn.example.com/catalog/2/mf-manifest.json';

const known: KnownBuilds = {
  hosts: new Set([HOST]),
  remotes: new Set(['host', 'catalog', 'cart']),
  isBuild: (remote, build) => ({ catalog: [CATALOG, CATALOG_BEFORE], cart: [CART] })[remote]?.includes(build) ?? false,
  firstBuild: (remote) => ({ catalog: CATALOG, cart: CART })[remote],
  buildAt: (manifest) => (manifest === MANIFEST ? CATALOG : undefined),
};

function counting(seen: Array<[string, ...unknown[]]> = []) {
  const note =
    (name: string) =>
    (...args: unknown[]) =>
      void seen.push([name, ...args]);
  const counts: SignalCounts = {
    beacon: note('beacon'),
    token: note('token'),
    view: note('view'),
    vital: note('vital'),
    load: note('load'),
    failure: note('failure'),
    error: note('error'),
    groups: {
      view: note('group view'),
      errorView: note('group error view'),
      loadFailure: note('group load failure'),
      lcp: note('group lcp'),
    },
    rollout: {
      assigned: note('rollout assigned'),
      view: note('rollout view'),
      errorView: note('rollout error view'),
      loadFailure: note('rollout load failure'),
      vital: note('rollout vital'),
    },
  };
  return { counts, seen };
}

const next: ReplyHandler = () => Promise.resolve({ status: 404, headers: {} });
const beacon = (records: Beacon['records'], builds: Beacon['builds'] = { catalog: CATALOG }): Beacon => ({
  v: 2,
  hostBuild: HOST,
  builds,
  records,
});
const KEY = Buffer.alloc(32, 7);

function receiver(rate = { burst: 100, perSecond: 100 }, rollout?: RolloutRecord, tokenRate = { burst: 100, perSecond: 100 }) {
  const { counts, seen } = counting();
  const tokens = pageLoadTokens(KEY);
  const options = {
    routes: servedRoutes,
    known: () => known,
    counts,
    rate,
    tokenRate,
    tokens,
    generation: () => 'g1',
    rollout: () => rollout,
  };
  const handler = withBeaconReceiver(next, options);
  const send = (path: string, body: unknown, client: string, headers: Record<string, string>) => {
    const text = typeof body === 'string' ? body : JSON.stringify(body);
    const request = new Request(`http://shop.invalid${path}`, {
      method: 'POST',
      body: text,
      headers: { 'content-type': 'text/plain', ...headers },
    });
    return handler(request, new URL(request.url), newContext('r-12345678', client));
  };
  /** A page load's token, as a page of this shop asks for it. */
  const token = async (client = '203.0.113.9', query = '', headers: Record<string, string> = { 'sec-fetch-site': 'same-origin' }) => {
    const answer = await send(`/rum/page-load${query}`, '', client, headers);
    return answer.status === 200 ? (JSON.parse(answer.body!.bytes.toString()) as { token: string }).token : `refused ${answer.status}`;
  };
  const post = async (
    body: unknown,
    client = '203.0.113.9',
    given?: string,
    headers: Record<string, string> = { 'sec-fetch-site': 'same-origin' },
  ) => send(`/rum?t=${encodeURIComponent(given ?? (await token(client)))}`, body, client, headers);
  return { post, token, seen, tokens };
}

/** What was counted but tokens issued and the counts per client group (their own test below). */
const counted = (seen: Array<[string, ...unknown[]]>) => seen.filter(([name]) => name !== 'token' && !name.startsWith('group'));
const hostOn = (page: string, audience = 'shoppers') => ({ page, remote: 'host', build: HOST, audience });

describe('the pages’ beacons', () => {
  it('are counted per page template and per build the page runs, the host’s included; an error only on a page shown', async () => {
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
    expect(seen.filter(([name]) => !name.startsWith('group'))).toEqual([
      ['token', 'issued'],
      ['view', hostOn('/products/:slug')],
      ['view', product],
      ['load', product, false],
      ['vital', 'LCP', hostOn('/products/:slug'), 1250],
      ['vital', 'LCP', product, 1250],
      ['error', product],
      // '/about' was not shown by this page load: its error counts nothing.
      ['beacon', 'accepted'],
    ]);
  });

  it('count each page load once per signal: a view per page shown, one LCP, an error per page and remote', async () => {
    const { post, token, seen } = receiver();
    const mine = await token();
    const records: Beacon['records'] = [
      { kind: 'view', page: '/about' },
      { kind: 'vital', page: '/about', name: 'LCP', value: 900 },
      { kind: 'error', page: '/about', remote: 'host' },
    ];
    for (let time = 0; time < 3; time += 1) expect((await post(beacon([...records, ...records]), undefined, mine)).status).toBe(204);
    expect(counted(seen).filter(([name]) => name !== 'beacon')).toEqual([
      ['view', hostOn('/about')],
      ['vital', 'LCP', hostOn('/about'), 900],
      ['error', hostOn('/about')],
    ]);
    // Another page load's are its own.
    await post(beacon(records));
    expect(counted(seen).filter(([name]) => name === 'view')).toHaveLength(2);
  });

  it('count at most 64 pages shown per page load', async () => {
    const { post, token, seen } = receiver();
    const mine = await token();
    for (let batch = 0; batch < 3; batch += 1)
      await post(
        beacon(
          Array.from({ length: 30 }, (_, index) => ({ kind: 'view' as const, page: `/products/p-${batch}-${index}` })),
          {},
        ),
        undefined,
        mine,
      );
    expect(counted(seen).filter(([name]) => name === 'view')).toHaveLength(64);
  });

  it('give a running rollout its evidence by the cohort of the build the page ran and the page load’s client group', async () => {
    const rollout = { id: 'r1', remote: 'catalog', canaryBuild: CATALOG, stableBuild: CATALOG_BEFORE } as RolloutRecord;
    const { post, token, seen, tokens } = receiver(undefined, rollout);
    const group = String(tokens.groupOf('203.0.113.9'));
    const records: Beacon['records'] = [
      { kind: 'view', page: '/products' },
      { kind: 'vital', page: '/products', name: 'LCP', value: 1500 },
      { kind: 'error', page: '/products', remote: 'catalog' },
    ];
    await post(beacon(records), undefined, await token(undefined, '?cohort=r1.canary'));
    const labels = { rollout: 'r1', cohort: 'canary', group };
    const rolloutCounts = () => seen.filter(([name]) => name.startsWith('rollout'));
    expect(rolloutCounts()).toEqual([
      ['rollout assigned', labels],
      ['rollout view', labels],
      ['rollout vital', 'LCP', labels, 1.5],
      ['rollout error view', labels],
    ]);
    // Made to move its shopper, or run on the other cohort's build: its views count, its vitals are not compared, it is no assigned page load.
    seen.length = 0;
    await post(beacon(records), undefined, await token(undefined, '?cohort=r1.canary&moved=1'));
    await post(beacon(records, { catalog: CATALOG_BEFORE }), undefined, await token(undefined, '?cohort=r1.canary'));
    const stable = { ...labels, cohort: 'stable' };
    expect(rolloutCounts()).toEqual([
      ['rollout view', labels],
      ['rollout error view', labels],
      ['rollout assigned', labels],
      ['rollout view', stable],
      ['rollout error view', stable],
    ]);
    // A tester's page load is no evidence.
    seen.length = 0;
    await post(
      beacon(records),
      undefined,
      await token(undefined, '?cohort=r1.canary', { 'sec-fetch-site': 'same-origin', cookie: 'maison_build=catalog@x' }),
    );
    expect(rolloutCounts()).toEqual([]);
    expect(seen.find(([name]) => name === 'view')).toEqual(['view', hostOn('/products', 'testers')]);
  });

  it('count shoppers’ views, errors, failed loads and LCP ratings per client group, for the alert rules; a tester’s not', async () => {
    const { post, token, seen, tokens } = receiver();
    const group = String(tokens.groupOf('203.0.113.9'));
    const records: Beacon['records'] = [
      { kind: 'view', page: '/products' },
      { kind: 'error', page: '/products', remote: 'catalog' },
      { kind: 'failure', page: '/products', remote: 'catalog', url: MANIFEST, reason: 'unreachable' },
      { kind: 'vital', page: '/products', name: 'LCP', value: 3000 },
    ];
    await post(beacon(records));
    const groups = () => seen.filter(([name]) => name.startsWith('group'));
    expect(groups()).toEqual([
      ['group view', { remote: 'host', build: HOST, group }],
      ['group view', { remote: 'catalog', build: CATALOG, group }],
      ['group error view', { remote: 'catalog', build: CATALOG, group }],
      ['group load failure', { remote: 'catalog', build: CATALOG, group }],
      ['group lcp', { page: '/products', rating: 'needs-improvement', group }],
    ]);
    seen.length = 0;
    await post(
      beacon(records),
      undefined,
      await token(undefined, '', { 'sec-fetch-site': 'same-origin', cookie: 'maison_build=catalog@x' }),
    );
    expect(groups()).toEqual([]);
  });

  it('count an error thrown before the page heard its remote loaded under the build asked for first', async () => {
    const { post, seen } = receiver();
    await post(
      beacon(
        [
          { kind: 'error', page: '/cart', remote: 'cart' },
          { kind: 'view', page: '/cart' },
        ],
        {},
      ),
    );
    expect(counted(seen).filter(([name]) => name !== 'view')).toEqual([
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
    expect(counted(seen)).toEqual([
      ['failure', asked, 'unreachable'],
      ['load', asked, true],
      ['beacon', 'accepted'],
    ]);
  });

  it.each([
    ['a host build not served', { ...beacon([]), hostBuild: '9.9.9+other' }],
    ['a remote build not served', beacon([], { catalog: '9.9.9+other' })],
    ['an error from a remote not served', beacon([{ kind: 'error', page: '/', remote: 'constructor' }])],
    [
      'a failure of a remote not served',
      beacon([{ kind: 'failure', page: '/', remote: 'crafted-1999', url: null, reason: 'unreachable' }]),
    ],
    ['a load from a build not served', beacon([{ kind: 'load', page: '/', remote: 'cart', build: '9.9.9+other', fallback: false }])],
    [
      'a failure at a manifest not listed',
      beacon([{ kind: 'failure', page: '/', remote: 'cart', url: 'https://elsewhere.example/mf-manifest.json', reason: 'unreachable' }]),
    ],
  ])('are refused whole, counting nothing but the refusal, when they name %s', async (_case, body) => {
    const { post, seen } = receiver();
    expect((await post({ ...body, records: [{ kind: 'view', page: '/' }, ...body.records] })).status).toBe(422);
    expect(counted(seen)).toEqual([['beacon', 'unknown-build']]);
  });

  it('never label a remote after an object’s own key', async () => {
    const { post, seen } = receiver();
    expect(
      (await post({ ...beacon([{ kind: 'view', page: '/products' }], { constructor: CATALOG, __proto__: CATALOG } as never) })).status,
    ).toBeLessThan(500);
    expect(JSON.stringify(seen)).not.toMatch(/constructor|__proto__|native code/);
  });

  it('label a page no route knows with the not-found route’s template', async () => {
    const { post, seen } = receiver();
    await post(beacon([{ kind: 'view', page: '/constructor/__proto__' }], {}));
    expect(seen.find(([name]) => name === 'view')).toEqual(['view', hostOn('*')]);
  });

  it.each([
    ['not JSON', 'page=/products'],
    ['another shape', { v: 3, records: [] }],
    ['a record of another kind', beacon([{ kind: 'cart', page: '/cart' } as never])],
    ['a vital out of range', beacon([{ kind: 'vital', page: '/', name: 'LCP', value: -1 }])],
    ['a page that is no path', beacon([{ kind: 'view', page: 'https://elsewhere.example/' }])],
  ])('are refused when %s', async (_case, body) => {
    const { post, seen } = receiver();
    expect((await post(body)).status).toBe(400);
    expect(counted(seen)).toEqual([['beacon', 'invalid']]);
  });

  it('are refused past their size, without reading on', async () => {
    const { post, seen } = receiver();
    const huge = beacon(Array.from({ length: 256 }, () => ({ kind: 'view' as const, page: `/${'x'.repeat(100)}` })));
    expect((await post(huge)).status).toBe(413);
    expect(counted(seen)).toEqual([['beacon', 'too-large']]);
  });

  it.each([
    ['no token', ''],
    [
      'a token of another key',
      pageLoadTokens(Buffer.alloc(32, 9)).issue({ generation: 'g1', group: 1, tester: false, moved: false }).token,
    ],
    [
      'an expired token',
      pageLoadTokens(KEY, () => Date.now() - TOKEN_LIFE_MS - 1).issue({ generation: 'g1', group: 1, tester: false, moved: false }).token,
    ],
  ])('are refused with %s, before their body is read', async (_case, given) => {
    const { seen } = receiver();
    let pulled = false;
    const body = new ReadableStream({ pull: () => void (pulled = true) }, { highWaterMark: 0 });
    expect((await streamed(seen, given, body)).status).toBe(403);
    expect(pulled).toBe(false);
    expect(seen.map(([, outcome]) => outcome)).toEqual([
      given === '' ? 'no-token' : given.length > 0 && _case.includes('expired') ? 'expired' : 'forged',
    ]);
  });

  it.each([
    ['another site (Sec-Fetch-Site)', { 'sec-fetch-site': 'cross-site' }],
    ['a sibling site (Sec-Fetch-Site)', { 'sec-fetch-site': 'same-site' }],
    ['another origin (Origin, no Sec-Fetch-Site)', { origin: 'https://evil.example', host: 'shop.example' }],
  ])('and their tokens are refused when sent from %s', async (_case, headers) => {
    const { post, token, seen } = receiver();
    expect(await token(undefined, '', headers)).toBe('refused 403');
    expect((await post(beacon([]), undefined, await token(), headers)).status).toBe(403);
    expect(seen).toEqual([
      ['token', 'cross-site'],
      ['token', 'issued'],
      ['beacon', 'cross-site'],
    ]);
  });

  it('are accepted from this origin as an older browser says it (Origin, no Sec-Fetch-Site)', async () => {
    const { post, token } = receiver();
    const sameOrigin = { origin: 'https://shop.example', host: 'shop.example' };
    expect((await post(beacon([]), undefined, await token(undefined, '', sameOrigin), sameOrigin)).status).toBe(204);
  });

  it('that stop mid-upload are refused as cut off, not as a fault', async () => {
    const { token, seen } = receiver();
    const given = await token();
    const body = new ReadableStream({
      start: (controller) => (controller.enqueue(new TextEncoder().encode('{"v":2,')), controller.error(new Error('aborted'))),
    });
    expect((await streamed(seen, given, body)).status).toBe(400);
    expect(seen.at(-1)).toEqual(['beacon', 'cut-off']);
  });

  it('are limited per client: a burst, then a rate; another client is not held back', async () => {
    const { post, token, seen } = receiver({ burst: 3, perSecond: 0.001 });
    const mine = await token('flooder');
    const statuses = [];
    for (let index = 0; index < 5; index += 1) statuses.push((await post(beacon([]), 'flooder', mine)).status);
    expect(statuses).toEqual([204, 204, 204, 429, 429]);
    expect((await post(beacon([]), 'shopper')).status).toBe(204);
    expect(seen.filter(([, outcome]) => outcome === 'rate-limited')).toHaveLength(2);
  });

  it('get their tokens within a rate per client, where they are issued; past it, none and no error', async () => {
    const { token, seen } = receiver(undefined, undefined, { burst: 2, perSecond: 0.001 });
    const given = [await token('flooder'), await token('flooder'), await token('flooder')];
    // Past the rate: no token, and no error status for the page's console (204).
    expect(given.map((one) => (one.startsWith('refused') ? one : 'a token'))).toEqual(['a token', 'a token', 'refused 204']);
    expect(await token('shopper')).not.toMatch(/^refused/);
    expect(seen.filter(([name]) => name === 'token').map(([, outcome]) => outcome)).toEqual(['issued', 'issued', 'rate-limited', 'issued']);
  });

  it('are only POSTs to their own addresses: anything else goes on to the rules', async () => {
    const { seen } = receiver();
    const handler = withBeaconReceiver(next, { ...receiverOptions(seen), tokens: pageLoadTokens(KEY) });
    const get = new Request('http://shop.invalid/rum');
    expect((await handler(get, new URL(get.url), newContext('r-12345678'))).status).toBe(404);
    const tokenGet = new Request('http://shop.invalid/rum/page-load');
    expect((await handler(tokenGet, new URL(tokenGet.url), newContext('r-12345678'))).status).toBe(404);
    const elsewhere = new Request('http://shop.invalid/products', { method: 'POST', body: '{}' });
    expect((await handler(elsewhere, new URL(elsewhere.url), newContext('r-12345678'))).status).toBe(404);
    expect(seen).toEqual([]);
  });
});

/** A beacon whose body is `body`, a stream, posted with `token` to a receiver counting into `seen`. */
function streamed(seen: Array<[string, ...unknown[]]>, token: string, body: ReadableStream) {
  const handler = withBeaconReceiver(next, { ...receiverOptions(seen), tokens: pageLoadTokens(KEY) });
  const init = { method: 'POST', body, duplex: 'half', headers: { 'sec-fetch-site': 'same-origin' } } as RequestInit;
  const request = new Request(`http://shop.invalid/rum?t=${token}`, init);
  return handler(request, new URL(request.url), newContext('r-12345678', '203.0.113.9'));
}

/** A receiver's options counting into `seen`. */
const receiverOptions = (seen: Array<[string, ...unknown[]]>) => ({
  routes: servedRoutes,
  known: () => known,
  counts: counting(seen).counts,
  generation: () => 'g1',
});
