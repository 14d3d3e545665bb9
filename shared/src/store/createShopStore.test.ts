import type { UnknownAction } from '@reduxjs/toolkit';
import { createShopStore } from './createShopStore';
import type { TabChannel } from './persistence';
import { cartCleared, itemAdded, selectCartItemCount, selectCartLines } from '../cart/cartSlice';
import { orderPlaced, selectOrdersNewestFirst } from '../orders/ordersSlice';
import type { CartItemInput } from '../types';
import { addToCart } from '../cart/cartRules';
import { HOAN_KIEM } from '@test/sampleItems';
import { memoryStorage } from '@test/memoryStorage';

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
