import { combineSlices, configureStore, type Action, type ThunkAction } from '@reduxjs/toolkit';
import { cartReplaced, cartSlice, storedCart } from '../cart/cartSlice';
import { storedWishlist, wishlistReplaced, wishlistSlice } from '../wishlist/wishlistSlice';
import { ordersReplaced, ordersSlice, storedOrders } from '../orders/ordersSlice';
import { getLocalStorage, parseStored, readStored, writeStored, type StoredValue } from '../storage';

/**
 * The one root reducer. Because `@maison/shared` is a federation singleton, a remote that
 * needs a slice of its own calls `rootReducer.inject(slice)` before its first render and
 * it joins the host's store.
 */
export const rootReducer = combineSlices(cartSlice, wishlistSlice, ordersSlice);

export type ShopState = ReturnType<typeof rootReducer>;

interface PersistedSlice<K extends keyof ShopState, T> {
  stateKey: K;
  stored: StoredValue<T>;
  select: (slice: ShopState[K]) => T;
  replace: (value: T) => Action;
}

function persisted<K extends keyof ShopState, T>(entry: PersistedSlice<K, T>) {
  return entry;
}

const PERSISTED = [
  persisted({ stateKey: 'cart', stored: storedCart, select: (s) => s.lines, replace: cartReplaced }),
  persisted({ stateKey: 'wishlist', stored: storedWishlist, select: (s) => s.items, replace: wishlistReplaced }),
  persisted({ stateKey: 'orders', stored: storedOrders, select: (s) => s.placed, replace: ordersReplaced }),
];

export interface ShopStoreOptions {
  /** Where state is kept between visits; pass undefined to keep it in memory only. */
  storage?: Storage;
  /** Listen for changes made in other tabs (window 'storage' events). */
  syncAcrossTabs?: boolean;
}

function loadPersistedState(storage: Storage | undefined) {
  const initial = rootReducer(undefined, { type: '@@maison/init' });
  if (!storage) return initial;
  return {
    ...initial,
    cart: { lines: readStored(storedCart, storage) ?? initial.cart.lines },
    wishlist: { items: readStored(storedWishlist, storage) ?? initial.wishlist.items },
    orders: { placed: readStored(storedOrders, storage) ?? initial.orders.placed },
  };
}

export function createShopStore({ storage = getLocalStorage(), syncAcrossTabs = true }: ShopStoreOptions = {}) {
  const store = configureStore({ reducer: rootReducer, preloadedState: loadPersistedState(storage) });

  if (storage) {
    let previous = store.getState();
    store.subscribe(() => {
      const current = store.getState();
      for (const entry of PERSISTED) {
        const before = entry.select(previous[entry.stateKey] as never);
        const after = entry.select(current[entry.stateKey] as never);
        if (before !== after) writeStored(entry.stored as StoredValue<unknown>, after, storage);
      }
      previous = current;
    });
  }

  if (storage && syncAcrossTabs && typeof window !== 'undefined') {
    window.addEventListener('storage', (event) => {
      if (event.storageArea !== storage) return;
      const entry = PERSISTED.find((candidate) => candidate.stored.key === event.key);
      if (!entry) return;
      // A cleared or corrupt value in another tab empties this tab too, as the other tab did.
      const value = parseStored(entry.stored as StoredValue<unknown>, event.newValue) ?? [];
      store.dispatch((entry.replace as (value: unknown) => Action)(value));
    });
  }

  return store;
}

export type ShopStore = ReturnType<typeof createShopStore>;
export type ShopDispatch = ShopStore['dispatch'];
export type ShopThunk<R = void> = ThunkAction<R, ShopState, unknown, Action>;
