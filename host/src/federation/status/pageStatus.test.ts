/** @jest-environment jsdom */
import * as v from 'valibot';
import { createRemoteRecords, type FederationEvent } from '../core/remoteRecords';
import { LoadFailure } from '../loading/loadFailure';
import { BEACON, type Beacon } from '../../contract/observe/beacon';
import { createFederationHook } from './federationHook';
import { startPageSignals } from './pageSignals';
import { startPageStatus, vitalSignal, type VitalRecord } from './pageStatus';
import { REMOTE_NAMES } from '@test/apps';

const CART = 'https://cdn.example.com/cart/1.4.2/mf-manifest.json';
const loaded: FederationEvent = {
  type: 'loaded',
  remote: 'cart',
  module: 'cart/CartPage',
  url: CART,
  entry: 0,
  buildVersion: '0.1.0+abc',
  startedAt: 10,
  at: 10,
  files: [],
};
const failed: FederationEvent = {
  type: 'failed',
  remote: 'cart',
  module: 'cart/CheckoutPage',
  failure: new LoadFailure('unreachable', 'offline at 10.0.0.7', CART),
};
const vital = (name: VitalRecord['name'], value: number): VitalRecord => ({
  kind: 'vital',
  page: '/cart',
  name,
  value,
  rating: 'good',
  area: 'cart/CartPage',
  remote: 'cart',
});

const TOKEN = 'eyJpZCI6IngifQ.c2lnbmF0dXJl';
/** Lets the page load's token come (its fetch, its JSON, the page's own then). */
const settled = () => new Promise((resolve) => setTimeout(resolve, 0));

/** A page of its own for each test: its document's visibility, its path, its listeners, its token; the beacons it sends. */
function page(startingAs: DocumentVisibilityState = 'visible') {
  const document = Object.assign(new EventTarget(), { visibilityState: startingAs, cookie: '', readyState: 'complete' });
  const fetch = async () => ({ ok: true, json: async () => ({ token: TOKEN }) }) as unknown as Response;
  const target = Object.assign(new EventTarget(), {
    document,
    location: { pathname: '/cart' },
    fetch,
    sessionStorage,
  }) as unknown as Window;
  const records = createRemoteRecords(REMOTE_NAMES);
  const hook = createFederationHook(records, () => undefined);
  const signals = startPageSignals(records, 'host-1', target);
  const sent: Beacon[] = [];
  Object.assign(navigator, {
    sendBeacon: (url: string, body: string) => url === `/rum?t=${TOKEN}` && sent.push(v.parse(BEACON, JSON.parse(body))) > 0,
  });
  const visibility = (state: DocumentVisibilityState) => {
    document.visibilityState = state;
    document.dispatchEvent(new Event('visibilitychange'));
  };
  return { target, records, hook, signals, sent, hide: () => visibility('hidden'), show: () => visibility('visible') };
}

describe('the status chunk', () => {
  // jsdom keeps no resource timings: the loads are timed by nothing.
  beforeAll(() => Object.assign(performance, { getEntriesByType: () => [] }));

  it('keeps every load and failure for the console, timings and messages included', () => {
    const { target, records, hook, signals } = page();
    records.emit(loaded);
    startPageStatus(hook, signals, target);
    records.emit(failed);
    expect(hook.status.records).toEqual([
      expect.objectContaining({ kind: 'load', module: 'cart/CartPage', build: '0.1.0+abc', total: 0 }),
      expect.objectContaining({ kind: 'failure', module: 'cart/CheckoutPage', error: 'offline at 10.0.0.7' }),
    ]);
  });

  it('sends the records from before it came and after when the page is hidden, each once, in the page load’s beacons', async () => {
    const { target, records, hook, signals, sent, hide, show } = page();
    await settled();
    signals.view('/cart');
    records.emit(loaded);
    startPageStatus(hook, signals, target);
    records.emit(failed);
    target.dispatchEvent(new ErrorEvent('error', { error: new Error('the shopper’s address') }));
    expect(sent).toEqual([]);

    hide();
    target.dispatchEvent(new Event('pagehide'));
    show();
    signals.view('/checkout');
    hide();
    const head = { v: 2, hostBuild: 'host-1', builds: { cart: '0.1.0+abc' } };
    expect(sent).toEqual([
      {
        ...head,
        records: [
          { kind: 'view', page: '/cart' },
          { kind: 'load', page: '/cart', remote: 'cart', build: '0.1.0+abc', fallback: false },
          { kind: 'failure', page: '/cart', remote: 'cart', url: CART, reason: 'unreachable' },
          { kind: 'error', page: '/cart', remote: 'host' },
        ],
      },
      { ...head, records: [{ kind: 'view', page: '/checkout' }] },
    ]);
  });

  it('sends each vital once, as it was when the page was first hidden', async () => {
    const { target, hook, signals, sent, hide, show } = page();
    await settled();
    startPageStatus(hook, signals, target);
    hook.status.vitals.LCP = vital('LCP', 900);
    hook.status.vitals.LCP = vital('LCP', 1200);
    hook.status.vitals.CLS = vital('CLS', 0.05);
    hide();
    show();
    hook.status.vitals.CLS = vital('CLS', 0.3);
    hook.status.vitals.INP = vital('INP', 200);
    hide();
    expect(sent.flatMap(({ records }) => records)).toEqual([
      { kind: 'vital', page: '/cart', name: 'LCP', value: 1200 },
      { kind: 'vital', page: '/cart', name: 'CLS', value: 0.05 },
    ]);
  });

  it('sends no vitals for a page hidden before it came, nor a value the answerer would refuse', async () => {
    const early = page();
    await settled();
    early.hide();
    early.show();
    startPageStatus(early.hook, early.signals, early.target);
    early.hook.status.vitals.LCP = vital('LCP', 900);
    early.hide();
    expect(early.sent.flatMap(({ records }) => records)).toEqual([]);
    for (const value of [-1, 600_001, Number.NaN, Infinity]) expect(vitalSignal(vital('LCP', value))).toBeUndefined();
    expect(vitalSignal(vital('CLS', 0))).toEqual({ kind: 'vital', page: '/cart', name: 'CLS', value: 0 });
  });

  it('started in a hidden page (opened in the background), sends what it holds as soon as the page load has its token', async () => {
    const { target, records, hook, signals, sent } = page('hidden');
    signals.view('/cart');
    records.emit(loaded);
    startPageStatus(hook, signals, target);
    expect(sent).toEqual([]);
    await settled();
    expect(sent.map(({ records: sentRecords }) => sentRecords.map(({ kind }) => kind))).toEqual([['view', 'load']]);
  });
});
