import { createFederationEvents } from '../loading/events';
import { LoadFailure } from '../loading/loadFailure';
import { recordFederationStatus, type StatusRecord } from './status';
import { REMOTE_NAMES } from '@test/apps';

const CART = 'https://cdn.example.com/cart/1.4.2/mf-manifest.json';
const ENTRY = 'https://cdn.example.com/cart/1.4.2/remoteEntry.js';

function recorderOnPage(path: string) {
  const events = createFederationEvents();
  const recorder = recordFederationStatus(events, { buildVersion: 'host-1', sharedContract: '0.1.0' }, REMOTE_NAMES, () => path);
  const seen: StatusRecord[] = [];
  recorder.onRecord((record) => seen.push(record));
  return { events, recorder, seen };
}

describe('federation status', () => {
  it('records what remotes.json names and each remote’s state as the loader reports it', () => {
    const { events, recorder } = recorderOnPage('/cart');
    events.emit({ type: 'configured', locations: { cart: [CART] }, problems: ['"account" has no usable manifest URL'] });
    expect(recorder.status.remotes.cart).toMatchObject({ configured: [CART], state: 'not loaded' });
    expect(recorder.status.configProblems).toEqual(['"account" has no usable manifest URL']);
    events.emit({ type: 'loading', remote: 'cart', module: 'cart/CartPage', url: CART, at: 100 });
    expect(recorder.status.remotes.cart!.state).toBe('loading');
  });

  it('records each load with its page, build and timings, and each failure with its reason', () => {
    const { events, recorder, seen } = recorderOnPage('/cart');
    events.emit({ type: 'loading', remote: 'cart', module: 'cart/CartPage', url: CART, at: 100 });
    events.emit({
      type: 'failed',
      remote: 'cart',
      module: 'cart/CartPage',
      failure: new LoadFailure('http-error', `${CART} answered HTTP 404`, CART),
    });
    events.emit({ type: 'loading', remote: 'cart', module: 'cart/CartPage', url: CART, at: 300 });
    events.emit({
      type: 'loaded',
      remote: 'cart',
      module: 'cart/CartPage',
      url: CART,
      buildVersion: '0.1.0+abc',
      fallback: false,
      at: 420,
      files: [ENTRY],
    });
    expect(recorder.status.remotes.cart).toMatchObject({
      state: 'loaded',
      buildVersion: '0.1.0+abc',
      failures: [{ reason: 'http-error' }],
    });
    expect(seen).toEqual([
      {
        kind: 'failure',
        page: '/cart',
        remote: 'cart',
        module: 'cart/CartPage',
        url: CART,
        reason: 'http-error',
        error: `${CART} answered HTTP 404`,
      },
      expect.objectContaining({ kind: 'load', page: '/cart', module: 'cart/CartPage', build: '0.1.0+abc', total: 120, chunks: [] }),
    ]);
    expect(recorder.status.records).toEqual(seen);
  });

  it('keeps the latest value of each vital', () => {
    const { recorder, seen } = recorderOnPage('/');
    const lcp = { kind: 'vital', page: '/', name: 'LCP', rating: 'good', area: 'host', remote: 'host' } as const;
    recorder.vital({ ...lcp, value: 800 });
    recorder.vital({ ...lcp, value: 1100, area: 'catalog/NewThisSeason', remote: 'catalog' });
    expect(recorder.status.vitals.LCP).toMatchObject({ value: 1100, area: 'catalog/NewThisSeason' });
    expect(recorder.status.records).toEqual([]);
    expect(seen).toHaveLength(2);
  });
});
