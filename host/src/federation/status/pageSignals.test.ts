/** @jest-environment jsdom */
import * as v from 'valibot';
import { createRemoteRecords, type FederationEvent } from '../core/remoteRecords';
import { LoadFailure } from '../loading/loadFailure';
import { BEACON, SIGNALS_PATH, type Beacon, type Signal } from '../../contract/observe/beacon';
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

/** A page of its own: its path, its visibility, its listeners; the beacons it sends, as the answerer reads them. */
function page(pathname = '/products') {
  const document = Object.assign(new EventTarget(), { visibilityState: 'visible' });
  const location = { pathname };
  const target = Object.assign(new EventTarget(), { document, location }) as unknown as Window;
  const records = createRemoteRecords(REMOTE_NAMES);
  const signals = startPageSignals(records, 'host-1', target);
  const sent: Beacon[] = [];
  Object.assign(navigator, {
    sendBeacon: (url: string, body: string) => url === SIGNALS_PATH && sent.push(v.parse(BEACON, JSON.parse(body))) > 0,
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
  return { target, location, records, signals, sent, hide, taken };
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
      v: 1,
      pageLoad: expect.stringMatching(/^[a-z0-9]+-[a-z0-9]+$/),
      hostBuild: 'host-1',
      builds: { catalog: '2.0.0', cart: '1.4.1' },
    });
  });

  it('sends them itself each time the page is hidden or left until the chunk takes over, each once', () => {
    const { target, records, signals, sent, hide, taken } = page();
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
