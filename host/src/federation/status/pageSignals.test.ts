/** @jest-environment jsdom */
import * as v from 'valibot';
import { createRemoteRecords, type FederationEvent } from '../core/remoteRecords';
import { LoadFailure } from '../loading/loadFailure';
import { BEACON, type Beacon, type Signal } from '../../contract/observe/beacon';
import { MOVED_KEY } from '../../contract/rollout/cohorts';
import { errorSource, startPageSignals } from './pageSignals';
import { REMOTE_NAMES } from '@test/apps';

const CATALOG = 'https://cdn.example.com/catalog/2.0.0/mf-manifest.json';
const CART = 'https://shop.example.com/cart/mf-manifest.json';
const folders = new Map([
  ['https://cdn.example.com/catalog/2.0.0/', 'catalog'],
  ['https://shop.example.com/cart/', 'cart'],
  ['https://shop.example.com/cart/account/', 'account'],
]);
const frame = (url: string) => `    at render (${url}:1:2345)`;

describe('where an error came from', () => {
  it('names the remote whose build folder is in the error’s file, else its nearest frame’s, else the host', () => {
    expect(errorSource(['https://cdn.example.com/catalog/2.0.0/__federation_expose_ProductListPage.1a.js', undefined], folders)).toBe(
      'catalog',
    );
    const stack = ['TypeError: x', frame('https://shop.example.com/main.1740dcbc1c.js'), frame('https://shop.example.com/cart/42.js')];
    expect(errorSource(['', stack.join('\n')], folders)).toBe('cart');
    // A folder inside another's is the one its files are in.
    expect(errorSource(['https://shop.example.com/cart/account/1.js'], folders)).toBe('account');
    const both = [...stack.slice(0, 2), frame('https://cdn.example.com/catalog/2.0.0/7.js'), stack[2]].join('\n');
    expect(errorSource([undefined, both], folders)).toBe('catalog');
    // Another build of a remote is another folder: code from it is not the remote's as this page loaded it.
    expect(errorSource(['https://cdn.example.com/catalog/1.9.0/7.js'], folders)).toBe('host');
    expect(errorSource(['', undefined], folders)).toBe('host');
  });
});

const loaded = (remote: 'catalog' | 'cart', url: string, buildVersion: string | undefined, entry = 0): FederationEvent => ({
  type: 'loaded',
  remote,
  module: remote === 'cart' ? 'cart/CartPage' : 'catalog/ProductListPage',
  url,
  entry,
  buildVersion,
  startedAt: 0,
  at: 1,
  files: [],
});

const TOKEN = 'eyJpZCI6IngifQ.c2lnbmF0dXJl';
/** The receiver's answer to the token request: a token, a refusal, or none at all. */
const answering =
  (body: unknown = { token: TOKEN }, status = 200) =>
  async () =>
    ({ ok: status < 300, status, json: async () => body }) as unknown as Response;
/** Lets the token's answer come (a fetch, its JSON, the page's own then). */
const settled = () => new Promise((resolve) => setTimeout(resolve, 0));

beforeEach(() => sessionStorage.clear());

/** A page of its own: its path, visibility, cookies and listeners; its token requests, and its beacons as the answerer reads them. */
function page(
  pathname = '/products',
  {
    cookie = '',
    answer = answering(),
    readyState = 'complete',
  }: { cookie?: string; answer?: () => Promise<Response>; readyState?: string } = {},
) {
  const document = Object.assign(new EventTarget(), { visibilityState: 'visible', cookie, readyState });
  const location = { pathname };
  const fetch = jest.fn((_url: string, _init?: RequestInit) => answer());
  const target = Object.assign(new EventTarget(), { document, location, fetch, sessionStorage }) as unknown as Window;
  const records = createRemoteRecords(REMOTE_NAMES);
  const sent: Beacon[] = [];
  const urls: string[] = [];
  Object.assign(navigator, {
    sendBeacon: (url: string, body: string) => urls.push(url) > 0 && sent.push(v.parse(BEACON, JSON.parse(body))) > 0,
  });
  const signals = startPageSignals(records, 'host-1', target);
  /** The token requests, as the receiver reads them. */
  const asked = () =>
    fetch.mock.calls.map(([url, init]) => {
      const { pathname: path, searchParams } = new URL(url, 'https://shop.example');
      return { path, query: Object.fromEntries(searchParams), init };
    });
  const hide = () => {
    document.visibilityState = 'hidden';
    document.dispatchEvent(new Event('visibilitychange'));
  };
  const taken = () => {
    const all: Signal[] = [];
    const hidden = signals.take((record) => all.push(record));
    return { all, hidden };
  };
  return { target, location, records, signals, sent, urls, asked, hide, taken };
}
const thrown = (message: string, ...urls: string[]) =>
  Object.assign(new Error(message), { stack: [message, ...urls.map(frame)].join('\n') });
const errorEvent = (init: { filename?: string; error?: unknown }) => Object.assign(new Event('error'), { filename: '', ...init });
const rejection = (reason: unknown) => Object.assign(new Event('unhandledrejection'), { reason });

describe('the page load’s records before the status chunk', () => {
  it('records each page shown, load, failure and error with its page, and hands the chunk those not sent, then each new one', () => {
    const { target, location, records, signals, taken } = page();
    signals.view('/products');
    records.emit(loaded('catalog', CATALOG, '2.0.0'));
    target.dispatchEvent(errorEvent({ filename: 'https://cdn.example.com/catalog/2.0.0/3.js', error: thrown('secret 1') }));
    location.pathname = '/cart';
    signals.view('/cart');
    records.emit({ type: 'failed', remote: 'cart', module: 'cart/CartPage', failure: new LoadFailure('http-error', 'secret 2', CART) });
    target.dispatchEvent(rejection(thrown('secret 3', 'https://shop.example.com/main.js')));
    target.dispatchEvent(rejection('secret 4, no stack'));
    const { all, hidden } = taken();
    records.emit(loaded('cart', CART, '1.4.1', 1));
    expect(hidden).toBe(false);
    expect(all).toEqual([
      { kind: 'view', page: '/products' },
      { kind: 'load', page: '/products', remote: 'catalog', build: '2.0.0', fallback: false },
      { kind: 'error', page: '/products', remote: 'catalog' },
      { kind: 'view', page: '/cart' },
      { kind: 'failure', page: '/cart', remote: 'cart', url: CART, reason: 'http-error' },
      { kind: 'error', page: '/cart', remote: 'host' },
      { kind: 'error', page: '/cart', remote: 'host' },
      { kind: 'load', page: '/cart', remote: 'cart', build: '1.4.1', fallback: true },
    ]);
    expect(JSON.stringify(all)).not.toMatch(/secret|main\.js/);
    expect(signals.head).toEqual({
      v: 2,
      hostBuild: 'host-1',
      builds: { catalog: '2.0.0', cart: '1.4.1' },
    });
  });

  it('sends them itself each time the page is hidden or left until the chunk takes over, each once', async () => {
    const { target, records, signals, sent, urls, hide, taken } = page();
    await settled();
    signals.view('/products');
    records.emit(loaded('catalog', CATALOG, '2.0.0'));
    hide();
    target.dispatchEvent(new Event('pagehide'));
    signals.view('/products/hoi-an');
    target.dispatchEvent(new Event('pagehide'));
    const { all, hidden } = taken();
    signals.view('/about');
    target.dispatchEvent(new Event('pagehide'));
    expect(sent).toEqual([
      {
        ...signals.head,
        builds: { catalog: '2.0.0' },
        records: [
          { kind: 'view', page: '/products' },
          { kind: 'load', page: '/products', remote: 'catalog', build: '2.0.0', fallback: false },
        ],
      },
      { ...signals.head, records: [{ kind: 'view', page: '/products/hoi-an' }] },
    ]);
    expect(urls).toEqual([`/rum?t=${TOKEN}`, `/rum?t=${TOKEN}`]);
    expect(hidden).toBe(true);
    expect(all).toEqual([{ kind: 'view', page: '/about' }]);
  });

  it('knows a remote’s folder from the manifest it was loaded from, fallbacks included', () => {
    const { target, records, taken } = page();
    const { all } = taken();
    const cartChunk = thrown('x', 'https://shop.example.com/cart/9.js');
    target.dispatchEvent(rejection(cartChunk));
    records.emit(loaded('cart', CART, '1.4.1', 1));
    target.dispatchEvent(rejection(cartChunk));
    expect(all.flatMap((record) => (record.kind === 'error' ? [record.remote] : []))).toEqual(['host', 'cart']);
  });

  it('knows every folder remotes.json names, before any of its modules is reported loaded', () => {
    const { target, records, taken } = page();
    const { all } = taken();
    records.emit({ type: 'configured', locations: { cart: [CART] }, problems: [] });
    target.dispatchEvent(errorEvent({ filename: new URL('__federation_expose_CartPage.1a.js', CART).href }));
    expect(all).toEqual([{ kind: 'error', page: '/products', remote: 'cart' }]);
  });

  it('keeps within what the answerer accepts: one view a page shown, 50 errors, paths, URLs and builds within their lengths', () => {
    const { target, location, records, signals, taken } = page();
    const { all } = taken();
    for (const path of ['/', '/', '/vi/', '/vi/', '/']) signals.view(path);
    for (let n = 0; n < 80; n += 1) target.dispatchEvent(errorEvent({ error: thrown('loop') }));
    location.pathname = `/${'p'.repeat(1100)}`;
    signals.view(location.pathname);
    records.emit(loaded('catalog', CATALOG, 'b'.repeat(129)));
    records.emit({
      type: 'failed',
      remote: 'cart',
      module: 'cart/CartPage',
      failure: new LoadFailure('refused', 'x', `${CART}?${'q'.repeat(2048)}`),
    });
    expect(all.filter((record) => record.kind === 'view').map((record) => record.page.length)).toEqual([1, 4, 1, 1024]);
    expect(all.filter((record) => record.kind === 'error')).toHaveLength(50);
    expect(all.slice(-2)).toEqual([
      { kind: 'load', page: `/${'p'.repeat(1023)}`, remote: 'catalog', build: null, fallback: false },
      { kind: 'failure', page: `/${'p'.repeat(1023)}`, remote: 'cart', url: null, reason: 'refused' },
    ]);
  });
});

describe('the page load’s token', () => {
  it('is asked for once the page has loaded, or sooner when it is hidden first, never while the first view loads', () => {
    const loading = page('/products', { readyState: 'loading' });
    expect(loading.asked()).toEqual([]);
    loading.target.dispatchEvent(new Event('load'));
    expect(loading.asked()).toHaveLength(1);
    loading.target.dispatchEvent(new Event('load'));
    const hidden = page('/products', { readyState: 'interactive' });
    hidden.hide();
    expect(hidden.asked()).toHaveLength(1);
    hidden.target.dispatchEvent(new Event('load'));
    expect([loading.asked(), hidden.asked()].map((asked) => asked.length)).toEqual([1, 1]);
  });

  it('is asked for once, never cached, with the cohort the page came with', () => {
    const { asked } = page('/products', { cookie: 'maison_bucket=42; maison_cohort=r1.canary; other=x' });
    expect(asked()).toEqual([
      {
        path: '/rum/page-load',
        query: { cohort: 'r1.canary' },
        init: { method: 'POST', cache: 'no-store', credentials: 'same-origin', keepalive: true },
      },
    ]);
    // No cohort cookie, no claim.
    expect(page('/products', { cookie: 'maison_bucket=42' }).asked()).toEqual([
      expect.objectContaining({ path: '/rum/page-load', query: {} }),
    ]);
  });

  it('says the page load was made to move its shopper only when the rollout said so, once, and takes the word away', () => {
    sessionStorage.setItem(MOVED_KEY, '1');
    const moved = page('/products', { cookie: 'maison_cohort=r1.stable' });
    expect(moved.asked().map(({ query }) => query)).toEqual([{ cohort: 'r1.stable', moved: '1' }]);
    expect(sessionStorage.getItem(MOVED_KEY)).toBeNull();
    // The next page load in the tab was made by the shopper.
    const next = page('/products', { cookie: 'maison_cohort=r1.stable' });
    expect(next.asked().map(({ query }) => query)).toEqual([{ cohort: 'r1.stable' }]);
  });

  it('holds the beacons until it comes, then sends them to the receiver with it, URL-encoded, each once', async () => {
    let give: (answer: Response) => void = () => undefined;
    const answer = () => new Promise<Response>((resolve) => (give = resolve));
    const { target, records, signals, sent, urls, hide, taken } = page('/products', { answer });
    signals.view('/products');
    hide();
    records.emit(loaded('catalog', CATALOG, '2.0.0'));
    target.dispatchEvent(new Event('pagehide'));
    await settled();
    expect(urls).toEqual([]);

    give(await answering({ token: 'a+b/c=.d&e' })());
    await settled();
    expect(urls).toEqual(['/rum?t=a%2Bb%2Fc%3D.d%26e']);
    expect(sent).toEqual([
      {
        v: 2,
        hostBuild: 'host-1',
        builds: { catalog: '2.0.0' },
        records: [
          { kind: 'view', page: '/products' },
          { kind: 'load', page: '/products', remote: 'catalog', build: '2.0.0', fallback: false },
        ],
      },
    ]);
    // Once it came, a beacon goes at once; what went is never sent again.
    taken();
    signals.send([{ kind: 'view', page: '/about' }]);
    expect(urls).toEqual(['/rum?t=a%2Bb%2Fc%3D.d%26e', '/rum?t=a%2Bb%2Fc%3D.d%26e']);
    expect(sent[1]!.records).toEqual([{ kind: 'view', page: '/about' }]);
  });

  it.each([
    // A refusal's body is never read for a token.
    ['refused (429)', answering({ token: TOKEN }, 429)],
    ['refused (403)', answering({ token: TOKEN }, 403)],
    ['answered without a token', answering({})],
    ['answered with no string for a token', answering({ token: 42 })],
    ['answered with no JSON', async () => ({ ok: true, status: 200, json: async () => JSON.parse('<html>') }) as unknown as Response],
    ['failed (offline)', () => Promise.reject(new TypeError('Failed to fetch'))],
  ])('%s: no beacon at all', async (_, answer) => {
    const { target, signals, urls, hide } = page('/products', { answer });
    signals.view('/products');
    hide();
    await settled();
    signals.view('/cart');
    target.dispatchEvent(new Event('pagehide'));
    signals.send([{ kind: 'view', page: '/about' }]);
    await settled();
    expect(urls).toEqual([]);
  });
});
