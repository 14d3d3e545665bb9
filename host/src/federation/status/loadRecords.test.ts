import { LoadFailure } from '../loading/loadFailure';
import type { PageEvent } from './federationHook';
import { loadRecord } from './pageStatus';

const CART = 'https://cdn.example.com/cart/1.4.2/mf-manifest.json';
const ENTRY = 'https://cdn.example.com/cart/1.4.2/remoteEntry.js';
const CHUNK = 'https://cdn.example.com/cart/1.4.2/__federation_expose_CartPage.0123456789.js';
const resource = (name: string, startTime: number, responseEnd: number) =>
  ({ name, entryType: 'resource', startTime, responseEnd, duration: responseEnd - startTime }) as unknown as PerformanceEntry;
const on = (page: string, event: PageEvent['event']): PageEvent => ({ event, page });

describe('load records', () => {
  it('records each load with the page it was asked for on, its build and its files’ timings, and each failure with its reason', () => {
    const entries = [resource(CART, 100, 130), resource(ENTRY, 140, 180), resource(CHUNK, 190, 260)];
    const recordOf = (pageEvent: PageEvent) => loadRecord(pageEvent, entries);
    const made = [
      on('/cart', { type: 'configured', locations: { cart: [CART] }, problems: [] }),
      on('/cart', { type: 'loading', remote: 'cart', module: 'cart/CartPage', url: CART }),
      on('/cart', { type: 'failed', remote: 'cart', module: 'cart/CartPage', failure: new LoadFailure('http-error', 'HTTP 404', CART) }),
      on('/cart', { type: 'loading', remote: 'cart', module: 'cart/CartPage', url: CART }),
      on('/checkout', {
        type: 'loaded',
        remote: 'cart',
        module: 'cart/CartPage',
        url: CART,
        entry: 0,
        buildVersion: '0.1.0+abc',
        startedAt: 300,
        at: 420,
        files: [ENTRY, CHUNK],
      }),
      on('/checkout', { type: 'forgotten', remote: 'cart' }),
    ].map(recordOf);
    expect(made).toEqual([
      undefined,
      undefined,
      { kind: 'failure', page: '/cart', remote: 'cart', module: 'cart/CartPage', url: CART, reason: 'http-error', error: 'HTTP 404' },
      undefined,
      {
        kind: 'load',
        page: '/checkout',
        remote: 'cart',
        module: 'cart/CartPage',
        url: CART,
        build: '0.1.0+abc',
        fallback: false,
        manifest: { url: CART, start: 100, duration: 30 },
        entry: { url: ENTRY, start: 140, duration: 40 },
        chunks: [{ url: CHUNK, start: 190, duration: 70 }],
        total: 120,
      },
      undefined,
    ]);
  });

  it('marks a load from a fallback entry', () => {
    const load = loadRecord(
      on('/cart', {
        type: 'loaded',
        remote: 'cart',
        module: 'cart/CartPage',
        url: CART,
        entry: 1,
        buildVersion: undefined,
        startedAt: 5,
        at: 5,
        files: [],
      }),
      [],
    );
    expect(load).toMatchObject({ kind: 'load', fallback: true, build: null, total: 0, chunks: [] });
  });
});
