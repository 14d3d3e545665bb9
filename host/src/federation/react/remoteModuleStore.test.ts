import type { RemoteModuleId, RemoteName } from '@maison/shared';
import { createRemoteModuleStore, type RemoteModuleLoader } from './remoteModuleStore';

/** A loader whose loads the test settles by hand. */
function manualLoader() {
  const pending = new Map<RemoteModuleId, Array<{ resolve: (module: unknown) => void; reject: (error: unknown) => void }>>();
  const forgotten: RemoteName[] = [];
  const loader: RemoteModuleLoader = {
    load: jest.fn(
      (id: RemoteModuleId) =>
        new Promise((resolve, reject) => {
          pending.set(id, [...(pending.get(id) ?? []), { resolve, reject }]);
        }),
    ),
    forget: (remote) => forgotten.push(remote),
  };
  const settle = async (id: RemoteModuleId, outcome: { module: unknown } | { error: unknown }) => {
    const waiting = pending.get(id)?.shift();
    if (!waiting) throw new Error(`no load of ${id} is pending`);
    if ('module' in outcome) waiting.resolve(outcome.module);
    else waiting.reject(outcome.error);
    await new Promise((resolve) => setTimeout(resolve, 0));
  };
  return { loader, settle, forgotten };
}

const catalogList = { default: function ProductListPage() {} };
const cartPage = { default: function CartPage() {} };

describe('remote module store', () => {
  it('keeps each id’s state apart: a module loaded for one id is never returned for another', async () => {
    const { loader, settle } = manualLoader();
    const store = createRemoteModuleStore(loader);
    void store.load('catalog/ProductListPage');
    await settle('catalog/ProductListPage', { module: catalogList });
    expect(store.get('catalog/ProductListPage')).toEqual({ status: 'ready', module: catalogList });

    // The cart page has not arrived: whatever asked before, its state is its own.
    expect(store.get('cart/CartPage')).toEqual({ status: 'idle' });
    void store.load('cart/CartPage');
    expect(store.get('cart/CartPage')).toMatchObject({ status: 'loading' });
    await settle('cart/CartPage', { module: cartPage });
    expect(store.get('cart/CartPage')).toEqual({ status: 'ready', module: cartPage });
    expect(store.get('catalog/ProductListPage')).toEqual({ status: 'ready', module: catalogList });
  });

  it('loads an id once, however many areas and preloads ask for it', async () => {
    const { loader, settle } = manualLoader();
    const store = createRemoteModuleStore(loader);
    const first = store.load('cart/CartPage');
    const second = store.load('cart/CartPage');
    expect(loader.load).toHaveBeenCalledTimes(1);
    await settle('cart/CartPage', { module: cartPage });
    await expect(first).resolves.toEqual({ status: 'ready', module: cartPage });
    await expect(second).resolves.toEqual({ status: 'ready', module: cartPage });
    await store.load('cart/CartPage');
    expect(loader.load).toHaveBeenCalledTimes(1);
  });

  it('marks a failed load unavailable, and Retry loads it again from the network', async () => {
    const { loader, settle, forgotten } = manualLoader();
    const store = createRemoteModuleStore(loader);
    const failed = store.load('cart/CartPage');
    await settle('cart/CartPage', { error: new Error('connection refused') });
    await expect(failed).resolves.toMatchObject({ status: 'unavailable' });

    store.retry('cart');
    expect(forgotten).toEqual(['cart']);
    expect(store.get('cart/CartPage')).toEqual({ status: 'idle' });
    void store.load('cart/CartPage');
    await settle('cart/CartPage', { module: cartPage });
    expect(store.get('cart/CartPage')).toEqual({ status: 'ready', module: cartPage });
  });

  it('ignores a load that settles after a Retry of its remote, but not of another remote', async () => {
    const { loader, settle } = manualLoader();
    const store = createRemoteModuleStore(loader);
    void store.load('cart/CartPage');
    void store.load('catalog/ProductListPage');
    store.retry('cart');
    await settle('cart/CartPage', { error: new Error('late failure') });
    expect(store.get('cart/CartPage')).toEqual({ status: 'idle' });
    await settle('catalog/ProductListPage', { module: catalogList });
    expect(store.get('catalog/ProductListPage')).toEqual({ status: 'ready', module: catalogList });
  });

  it('tells subscribers about every change until they unsubscribe', async () => {
    const { loader, settle } = manualLoader();
    const store = createRemoteModuleStore(loader);
    const listener = jest.fn();
    const unsubscribe = store.subscribe(listener);
    void store.load('account/ProfilePage');
    await settle('account/ProfilePage', { module: cartPage });
    expect(listener).toHaveBeenCalledTimes(2);
    unsubscribe();
    store.retry('account');
    expect(listener).toHaveBeenCalledTimes(2);
  });
});
