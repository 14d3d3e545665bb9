import { LoadFailure } from '../loading/loadFailure';
import { createRemoteRecords, type FederationEvent, type RemoteRecord } from './remoteRecords';
import { REMOTE_NAMES } from '@test/apps';

const CART_1 = 'https://cdn.example.com/cart/1.4.2/mf-manifest.json';
const CART_2 = 'https://cdn.example.com/cart/1.4.1/mf-manifest.json';
const configured: FederationEvent = { type: 'configured', locations: { cart: [CART_1, CART_2] }, problems: [] };
const loading = (url: string): FederationEvent => ({ type: 'loading', remote: 'cart', module: 'cart/CartPage', url });
const loaded = (url: string, entry: number, buildVersion: string): FederationEvent => ({
  type: 'loaded',
  remote: 'cart',
  module: 'cart/CartPage',
  url,
  entry,
  buildVersion,
  startedAt: 1,
  at: 2,
  files: [],
});
const failed = (url: string): FederationEvent => ({
  type: 'failed',
  remote: 'cart',
  module: 'cart/CartPage',
  failure: new LoadFailure('http-error', `${url} answered HTTP 404`, url),
});
const failure = (url: string) => ({ url, reason: 'http-error' as const, error: `${url} answered HTTP 404` });

describe('remote records', () => {
  it.each<[string, FederationEvent[], Partial<RemoteRecord>, string | null]>([
    ['before remotes.json is read', [], { configured: [], entry: 0, state: 'not loaded', url: null }, null],
    ['remotes.json read', [configured], { configured: [CART_1, CART_2], entry: 0, state: 'not loaded' }, null],
    ['loading the first choice', [configured, loading(CART_1)], { state: 'loading', url: CART_1 }, null],
    [
      'the first choice loaded',
      [configured, loading(CART_1), loaded(CART_1, 0, '1.4.2')],
      { state: 'loaded', entry: 0, url: CART_1, buildVersion: '1.4.2', fallback: false, failures: [] },
      CART_1,
    ],
    [
      'the first choice failed, the fallback loaded',
      [configured, loading(CART_1), failed(CART_1), loading(CART_2), loaded(CART_2, 1, '1.4.1')],
      { state: 'loaded', entry: 1, url: CART_2, buildVersion: '1.4.1', fallback: true, failures: [failure(CART_1)] },
      CART_2,
    ],
    [
      'every entry failed',
      [configured, loading(CART_1), failed(CART_1), loading(CART_2), failed(CART_2)],
      { state: 'failed', url: CART_2, failures: [failure(CART_1), failure(CART_2)] },
      null,
    ],
    [
      'Retry after a fallback: the first choice is tried first again',
      [configured, loading(CART_1), failed(CART_1), loading(CART_2), loaded(CART_2, 1, '1.4.1'), { type: 'forgotten', remote: 'cart' }],
      { entry: 0, state: 'loaded', url: CART_2 },
      CART_2,
    ],
  ])('%s', (_case, events, record, loadedFrom) => {
    const records = createRemoteRecords(REMOTE_NAMES);
    for (const event of events) records.emit(event);
    expect(records.remotes.cart).toMatchObject(record);
    expect(records.loadedFrom('cart')).toBe(loadedFrom);
  });

  it('keeps what is wrong with remotes.json, and tells each listener after its record has changed', () => {
    const records = createRemoteRecords(REMOTE_NAMES);
    const heard: Array<[string, string | undefined]> = [];
    const stop = records.listen((event) => heard.push([event.type, records.remotes.cart?.state]));
    records.emit({ ...configured, problems: ['"account" has no usable manifest URL'] });
    records.emit(loading(CART_1));
    stop();
    records.emit(loaded(CART_1, 0, '1.4.2'));
    expect(records.configProblems).toEqual(['"account" has no usable manifest URL']);
    expect(heard).toEqual([
      ['configured', 'not loaded'],
      ['loading', 'loading'],
    ]);
  });
});
