import type { UnknownAction } from '@reduxjs/toolkit';
import { createShopStore } from './createShopStore';
import { imageOriginsConfigured } from './imageOrigins';
import type { TabChannel } from './persistence';
import { cartCleared, itemAdded, selectCartItemCount, selectCartLines } from '../cart/cartSlice';
import { wishlistToggled } from '../wishlist/wishlistSlice';
import { orderPlaced, selectOrdersNewestFirst } from '../orders/ordersSlice';
import type { CartItemInput } from '../types';
import { addToCart } from '../cart/cartRules';
import { HOAN_KIEM } from '@test/sampleItems';

function memoryStorage(initial: Record<string, string> = {}): Storage {
  const values = new Map(Object.entries(initial));
  return {
    get length() {
      return values.size;
    },
    clear: () => values.clear(),
    getItem: (key) => values.get(key) ?? null,
    key: (index) => [...values.keys()][index] ?? null,
    removeItem: (key) => void values.delete(key),
    setItem: (key, value) => void values.set(key, value),
  };
}

const scarf = HOAN_KIEM;

describe('createShopStore', () => {
  it('starts a test’s store from preloadedState, in memory: the page’s storage is neither read nor written', () => {
    const storage = memoryStorage({ 'maison-khan:cart': JSON.stringify({ version: 1, data: [{ ...scarf, key: 'x', quantity: 5 }] }) });
    const setItem = jest.spyOn(storage, 'setItem');
    Object.assign(globalThis, { window: { localStorage: storage } });
    try {
      const store = createShopStore({ preloadedState: { cart: { lines: addToCart([], scarf, 2).lines } } });
      store.dispatch(itemAdded({ item: scarf }));
      expect(selectCartItemCount(store.getState())).toBe(3);
      expect(store.getState().wishlist.items).toEqual([]);
      expect(setItem).not.toHaveBeenCalled();
      // The same storage is what the page's store would use.
      expect(selectCartItemCount(createShopStore({ syncAcrossTabs: false }).getState())).toBe(5);
    } finally {
      Reflect.deleteProperty(globalThis, 'window');
    }
  });

  it('persists the cart and restores it in a new store', () => {
    const storage = memoryStorage();
    const first = createShopStore({ storage, syncAcrossTabs: false });
    first.dispatch(itemAdded({ item: scarf, quantity: 2 }));
    const second = createShopStore({ storage, syncAcrossTabs: false });
    expect(selectCartItemCount(second.getState())).toBe(2);
  });

  it('drops corrupt stored data and starts empty instead of crashing', () => {
    const storage = memoryStorage({
      'maison-khan:cart': '{"version":1,"data":[{"key":"x","quantity":"lots"}, 42, null]}',
      'maison-khan:wishlist': 'not json',
      'maison-khan:orders': '{"version":99,"data":[]}',
    });
    const store = createShopStore({ storage, syncAcrossTabs: false });
    expect(selectCartLines(store.getState())).toEqual([]);
    expect(store.getState().wishlist.items).toEqual([]);
    expect(selectOrdersNewestFirst(store.getState()).map((o) => o.id)).toEqual(['MK-10512', 'MK-10428']);
  });

  it('keeps the good lines of a partly corrupt cart', () => {
    const good = { ...scarf, key: 'whatever', quantity: 3 };
    const storage = memoryStorage({
      'maison-khan:cart': JSON.stringify({ version: 1, data: [good, { ...good, unitPrice: -1 }, { ...good, quantity: NaN }] }),
    });
    const store = createShopStore({ storage, syncAcrossTabs: false });
    expect(selectCartLines(store.getState())).toMatchObject([{ variantId: '1', key: '1|||', quantity: 3 }]);
  });

  it('writes only the slices that changed', () => {
    const storage = memoryStorage();
    const setItem = jest.spyOn(storage, 'setItem');
    const store = createShopStore({ storage, syncAcrossTabs: false });
    store.dispatch(wishlistToggled({ slug: 'a', name: scarf.name, price: 1, hasPriceRange: false, image: '', imageAlt: scarf.imageAlt }));
    expect(setItem.mock.calls.map(([key]) => key)).toEqual(['maison-khan:wishlist']);
  });

  it('lists a placed order above the samples', () => {
    const store = createShopStore({ preloadedState: {} });
    store.dispatch(
      orderPlaced({
        id: 'MK-NEW',
        date: '2026-11-22T00:00:00.000Z',
        status: 'Processing',
        total: 13_800,
        items: [{ name: scarf.name, quantity: 1, unitPrice: 8000 }],
      }),
    );
    expect(selectOrdersNewestFirst(store.getState()).map((o) => o.id)).toEqual(['MK-NEW', 'MK-10512', 'MK-10428']);
  });

  it('treats stored data as a stranger’s: bad images, unsafe money, huge ids and overlong lists are dropped and cleaned up', () => {
    const line = { ...scarf, key: 'x', quantity: 1 };
    const order = {
      id: 'MK-1',
      date: '2026-11-01T00:00:00.000Z',
      status: 'Processing',
      total: 13_800,
      items: [{ name: scarf.name, quantity: 1, unitPrice: 8000 }],
    };
    const storage = memoryStorage({
      'maison-khan:cart': JSON.stringify({
        version: 1,
        data: [
          { ...line, image: 'javascript:alert(1)' },
          { ...line, variantId: '2', unitPrice: Number.MAX_SAFE_INTEGER },
          { ...line, variantId: '3', name: { en: 'x'.repeat(10_000), vi: 'x' } },
          { ...line, variantId: '4' },
        ],
      }),
      'maison-khan:orders': JSON.stringify({
        version: 1,
        data: [{ ...order, id: 'M'.repeat(1_000_000) }, { ...order, id: '<script>' }, { ...order, total: Number.MAX_SAFE_INTEGER }, order],
      }),
    });
    const store = createShopStore({ storage, syncAcrossTabs: false });
    expect(selectCartLines(store.getState()).map((kept) => kept.variantId)).toEqual(['4']);
    expect(store.getState().orders.placed.map((kept) => kept.id)).toEqual(['MK-1']);
    // Cleaned once read: what stays in storage is what the shop would have written.
    expect(JSON.parse(storage.getItem('maison-khan:cart')!).data).toHaveLength(1);
    expect(JSON.parse(storage.getItem('maison-khan:orders')!).data).toHaveLength(1);
  });

  it('keeps at most 50 stored cart lines', () => {
    const lines = Array.from({ length: 80 }, (_, index) => ({ ...scarf, variantId: String(index), key: String(index), quantity: 1 }));
    const storage = memoryStorage({ 'maison-khan:cart': JSON.stringify({ version: 1, data: lines }) });
    expect(selectCartLines(createShopStore({ storage, syncAcrossTabs: false }).getState())).toHaveLength(50);
  });

  it('drops stored images from origins the page does not trust, keeping the line', () => {
    const storage = memoryStorage({
      'maison-khan:cart': JSON.stringify({
        version: 1,
        data: [
          { ...scarf, variantId: '1', image: 'http://localhost:3001/images/1.svg', quantity: 1 },
          { ...scarf, variantId: '2', image: 'http://evil.invalid/pixel.svg', quantity: 1 },
        ],
      }),
    });
    const store = createShopStore({ storage, syncAcrossTabs: false });
    store.dispatch(
      imageOriginsConfigured({ origins: ['http://localhost:3000', 'http://localhost:3001'], base: 'http://localhost:3000/cart' }),
    );
    expect(selectCartLines(store.getState()).map(({ variantId, image }) => [variantId, image])).toEqual([
      ['1', 'http://localhost:3001/images/1.svg'],
      ['2', ''],
    ]);
    expect(storage.getItem('maison-khan:cart')).not.toContain('evil.invalid');
  });

  it('writes nothing when every stored image is already trusted', () => {
    const storage = memoryStorage();
    const store = createShopStore({ storage, syncAcrossTabs: false });
    store.dispatch(itemAdded({ item: { ...scarf, image: 'http://localhost:3001/images/1.svg' } }));
    const setItem = jest.spyOn(storage, 'setItem');
    store.dispatch(imageOriginsConfigured({ origins: ['http://localhost:3001'], base: 'http://localhost:3000/' }));
    expect(setItem).not.toHaveBeenCalled();
  });
});

/** Tabs in one test: every store hears the others' posts, as BroadcastChannel does (never its own). */
function tabsNetwork() {
  const listeners: Array<{ tab: number; onAction: (action: unknown) => void }> = [];
  const held: Array<() => void> = [];
  let holding = false;
  const tab = (id: number): TabChannel => ({
    post: (action: UnknownAction) => {
      const deliver = () =>
        listeners.filter((listener) => listener.tab !== id).forEach((listener) => listener.onAction(structuredClone(action)));
      if (holding) held.push(deliver);
      else deliver();
    },
    listen: (onAction) => listeners.push({ tab: id, onAction }),
  });
  return {
    tab,
    /** Messages wait until release(): both tabs act before either hears the other. */
    hold: () => (holding = true),
    release: () => {
      holding = false;
      held.splice(0).forEach((deliver) => deliver());
    },
  };
}

describe('two tabs', () => {
  const pagoda: CartItemInput = { ...scarf, variantId: '4', slug: 'one-pillar-pagoda-handkerchief', unitPrice: 8_000 };

  it('both add at the same instant: both adds are kept, in both tabs and in storage', () => {
    const storage = memoryStorage();
    const network = tabsNetwork();
    const a = createShopStore({ storage, tabs: network.tab(1) });
    const b = createShopStore({ storage, tabs: network.tab(2) });
    network.hold();
    a.dispatch(itemAdded({ item: scarf }));
    b.dispatch(itemAdded({ item: pagoda }));
    network.release();
    for (const store of [a, b]) expect(selectCartItemCount(store.getState())).toBe(2);
    const reloaded = createShopStore({ storage, syncAcrossTabs: false });
    expect(
      selectCartLines(reloaded.getState())
        .map((line) => line.variantId)
        .sort(),
    ).toEqual(['1', '4']);
  });

  it('the same line added in both tabs at once counts twice', () => {
    const network = tabsNetwork();
    const a = createShopStore({ storage: memoryStorage(), tabs: network.tab(1) });
    const b = createShopStore({ storage: memoryStorage(), tabs: network.tab(2) });
    network.hold();
    a.dispatch(itemAdded({ item: scarf }));
    b.dispatch(itemAdded({ item: scarf }));
    network.release();
    expect(selectCartLines(a.getState())).toMatchObject([{ variantId: '1', quantity: 2 }]);
    expect(selectCartLines(b.getState())).toMatchObject([{ variantId: '1', quantity: 2 }]);
  });

  it('an order placed and the cart cleared in one tab show in the other', () => {
    const network = tabsNetwork();
    const a = createShopStore({ storage: memoryStorage(), tabs: network.tab(1) });
    const b = createShopStore({ storage: memoryStorage(), tabs: network.tab(2) });
    a.dispatch(itemAdded({ item: scarf }));
    a.dispatch(
      orderPlaced({
        id: 'MK-NEW',
        date: '2026-11-22T00:00:00.000Z',
        status: 'Processing',
        total: 16_000,
        items: [{ name: scarf.name, quantity: 1, unitPrice: 10_000 }],
      }),
    );
    a.dispatch(cartCleared());
    expect(selectCartLines(b.getState())).toEqual([]);
    expect(selectOrdersNewestFirst(b.getState())[0]!.id).toBe('MK-NEW');
  });

  it('ignores what another tab sends that stored data could not hold', () => {
    const network = tabsNetwork();
    const b = createShopStore({ storage: memoryStorage(), tabs: network.tab(2) });
    const stranger = network.tab(9);
    stranger.post(itemAdded({ item: { ...scarf, image: 'javascript:alert(1)' } }));
    stranger.post(itemAdded({ item: { ...scarf, unitPrice: Number.MAX_SAFE_INTEGER } }));
    stranger.post({ type: 'cart/itemAdded', payload: null });
    stranger.post({ type: 'cart/quantitySet' });
    expect(selectCartLines(b.getState())).toEqual([]);
    stranger.post(itemAdded({ item: scarf }));
    expect(selectCartItemCount(b.getState())).toBe(1);
  });
});
