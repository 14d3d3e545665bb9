import { BUILD_INFO } from '../buildInfo';
import { createRemoteRecords } from '../core/remoteRecords';
import { createFederationHook, type PageEvent } from './federationHook';
import { REMOTE_NAMES } from '@test/apps';

const CART = 'https://cdn.example.com/cart/1.4.2/mf-manifest.json';
const host = { buildVersion: BUILD_INFO.version, sharedContract: BUILD_INFO.sharedContract };

describe('the federation hook (window.__MAISON_FEDERATION__)', () => {
  it('shows the core’s records, live, from the start', () => {
    const records = createRemoteRecords(REMOTE_NAMES);
    const { status } = createFederationHook(
      records,
      () => undefined,
      () => '/cart',
    );
    records.emit({ type: 'configured', locations: { cart: [CART] }, problems: ['"account" has no usable manifest URL'] });
    records.emit({ type: 'loading', remote: 'cart', module: 'cart/CartPage', url: CART });
    expect(status).toMatchObject({
      host,
      configProblems: ['"account" has no usable manifest URL'],
      records: [],
      vitals: {},
      idlePrefetchAt: null,
    });
    expect(status.remotes.cart).toMatchObject({ configured: [CART], state: 'loading', url: CART });
  });

  it('hands the status chunk the events that came before it, with their pages, then each new one', () => {
    const records = createRemoteRecords(REMOTE_NAMES);
    let page = '/';
    const hook = createFederationHook(
      records,
      () => undefined,
      () => page,
    );
    records.emit({ type: 'loading', remote: 'cart', module: 'cart/CartPage', url: CART });
    page = '/cart';
    records.emit({ type: 'forgotten', remote: 'cart' });
    const taken: Array<[string, string]> = [];
    hook.takeEvents(({ event, page: on }: PageEvent) => taken.push([event.type, on]));
    page = '/checkout';
    records.emit({ type: 'forgotten', remote: 'cart' });
    expect(taken).toEqual([
      ['loading', '/'],
      ['forgotten', '/cart'],
      ['forgotten', '/checkout'],
    ]);
  });

  it('prints through the function it was given (the status chunk’s tables)', () => {
    const print = jest.fn();
    createFederationHook(createRemoteRecords(REMOTE_NAMES), print).status.print();
    expect(print).toHaveBeenCalledTimes(1);
  });
});
