/** @jest-environment jsdom */
import { createRemoteRecords, type FederationEvent } from '../core/remoteRecords';
import { LoadFailure } from '../loading/loadFailure';
import { createFederationHook } from './federationHook';
import { startPageStatus } from './pageStatus';
import { REMOTE_NAMES } from '@test/apps';

const CART = 'https://cdn.example.com/cart/1.4.2/mf-manifest.json';
const loaded: FederationEvent = {
  type: 'loaded',
  remote: 'cart',
  module: 'cart/CartPage',
  url: CART,
  entry: 0,
  buildVersion: '0.1.0+abc',
  at: 10,
  files: [],
};
const failed: FederationEvent = {
  type: 'failed',
  remote: 'cart',
  module: 'cart/CheckoutPage',
  failure: new LoadFailure('unreachable', 'offline', CART),
};

describe('the status chunk', () => {
  // jsdom keeps no resource timings: the loads are timed by nothing.
  beforeAll(() => Object.assign(performance, { getEntriesByType: () => [] }));

  it('records the loads from before it came and after, and reports them all when the page is left', () => {
    const records = createRemoteRecords(REMOTE_NAMES);
    const hook = createFederationHook(records, { buildVersion: 'host-1', sharedContract: '0.3.0' }, () => undefined);
    records.emit(loaded);
    const pageStatus = startPageStatus(hook);
    expect(hook.status.records).toEqual([expect.objectContaining({ kind: 'load', module: 'cart/CartPage', build: '0.1.0+abc' })]);

    const sent: string[] = [];
    Object.assign(navigator, { sendBeacon: (_url: string, body: string) => sent.push(body) > 0 });
    pageStatus.reportTo('https://rum.example.com/maison', 'host-1');
    records.emit(failed);
    window.dispatchEvent(new Event('pagehide'));
    const [report, ...more] = sent.map(
      (body) => JSON.parse(body) as { hostBuild: string; records: Array<{ kind: string; module: string }> },
    );
    expect(more).toEqual([]);
    expect(report).toMatchObject({ hostBuild: 'host-1' });
    expect(report!.records.map(({ kind, module }) => `${kind} ${module}`)).toEqual(['load cart/CartPage', 'failure cart/CheckoutPage']);
  });
});
