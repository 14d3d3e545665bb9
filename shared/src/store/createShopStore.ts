import { combineSlices, configureStore, type Action, type ThunkAction } from '@reduxjs/toolkit';
import { cartReplaced, cartSlice, storedCart } from '../cart/cartSlice';
import { storedWishlist, wishlistReplaced, wishlistSlice } from '../wishlist/wishlistSlice';
import { ordersReplaced, ordersSlice, storedOrders } from '../orders/ordersSlice';
import { getLocalStorage, parseStored, readStored } from '../storage';
import { applyOtherTabAction, broadcastTabChannel, persistenceMiddleware, type PersistedSlice, type TabChannel } from './persistence';

/** The one root reducer: the slices every app shares. */
const rootReducer = combineSlices(cartSlice, wishlistSlice, ordersSlice);

export type ShopState = ReturnType<typeof rootReducer>;

/** The middleware handles every slice's value opaquely: it only stores, compares and hands it back. */
function persisted<T>(slice: PersistedSlice<ShopState, T>): PersistedSlice<ShopState, unknown> {
  return slice as unknown as PersistedSlice<ShopState, unknown>;
}

/** The three slices that outlive the page (localStorage) and are shared by the shop's tabs. */
const PERSISTED = [
  persisted({
    name: cartSlice.name,
    stored: storedCart,
    select: (state) => state.cart.lines,
    replace: cartReplaced,
    reduce: (lines, action) => cartSlice.reducer({ lines }, action).lines,
  }),
  persisted({
    name: wishlistSlice.name,
    stored: storedWishlist,
    select: (state) => state.wishlist.items,
    replace: wishlistReplaced,
    reduce: (items, action) => wishlistSlice.reducer({ items }, action).items,
  }),
  persisted({
    name: ordersSlice.name,
    stored: storedOrders,
    select: (state) => state.orders.placed,
    replace: ordersReplaced,
    reduce: (placed, action) => ordersSlice.reducer({ placed }, action).placed,
  }),
];

export type ShopStoreOptions =
  | {
      /**
       * A test's store: it starts from this state (a slice not given starts empty) and lives in
       * memory only: nothing is read from or written to storage, nothing goes to other tabs.
       */
      preloadedState: Partial<ShopState>;
      storage?: never;
      syncAcrossTabs?: never;
      tabs?: never;
    }
  | {
      preloadedState?: never;
      /** Where state is kept between visits: localStorage unless given. */
      storage?: Storage;
      /** Share cart, wishlist and order changes with the shop's other tabs (the default). */
      syncAcrossTabs?: boolean;
      /** How tabs hear each other (a BroadcastChannel unless given). */
      tabs?: TabChannel;
    };

/** The state of a store with nothing stored: what the server renders pages with, and the browser takes them over with. */
export function initialShopState(): ShopState {
  return rootReducer(undefined, { type: '@@maison/init' });
}

/** The initial state: each persisted slice as stored (cleaned as it is read), the rest as new. */
function loadPersistedState(storage: Storage | undefined): ShopState {
  const initial = initialShopState();
  return PERSISTED.reduce((state, slice) => {
    const stored = storage ? readStored(slice.stored, storage) : undefined;
    return stored === undefined ? state : rootReducer(state, slice.replace(stored));
  }, initial);
}

/**
 * The shop's store. The page calls `createShopStore()`: state restored from localStorage,
 * every change written back and shared with the shop's other tabs. Tests and the server's
 * renderer call `createShopStore({ preloadedState })`: in memory only.
 */
export function createShopStore(options: ShopStoreOptions = {}) {
  const { preloadedState } = options;
  const storage = preloadedState ? undefined : (options.storage ?? getLocalStorage());
  const syncAcrossTabs = !preloadedState && options.syncAcrossTabs !== false;
  const channel = syncAcrossTabs ? (options.tabs ?? broadcastTabChannel()) : undefined;
  const store = configureStore({
    reducer: rootReducer,
    preloadedState: preloadedState ?? loadPersistedState(storage),
    middleware: (getDefaultMiddleware) => getDefaultMiddleware().concat(persistenceMiddleware(PERSISTED, { storage, tabs: channel })),
  });

  if (channel) {
    channel.listen((action) => applyOtherTabAction(PERSISTED, store, action));
  } else if (storage && syncAcrossTabs && typeof window !== 'undefined') {
    // No BroadcastChannel: follow the other tabs' writes instead (the last writer wins).
    window.addEventListener('storage', (event) => {
      if (event.storageArea !== storage) return;
      const slice = PERSISTED.find((candidate) => candidate.stored.key === event.key);
      if (!slice) return;
      store.dispatch(slice.replace(parseStored(slice.stored, event.newValue) ?? []));
    });
  }

  return store;
}

export type ShopStore = ReturnType<typeof createShopStore>;
export type ShopDispatch = ShopStore['dispatch'];
export type ShopThunk<R = void> = ThunkAction<R, ShopState, unknown, Action>;
