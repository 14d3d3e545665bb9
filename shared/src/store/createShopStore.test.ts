import { createShopStore } from './createShopStore';
import { itemAdded, selectCartItemCount, selectCartLines } from '../cart/cartSlice';
import { wishlistToggled } from '../wishlist/wishlistSlice';
import { orderPlaced, selectOrdersNewestFirst } from '../orders/ordersSlice';
import type { CartItemInput } from '../types';

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

const scarf: CartItemInput = {
  variantId: '1',
  slug: 'hoan-kiem-lake-handkerchief',
  name: { en: 'Hoan Kiem Lake Handkerchief', vi: 'Khăn tay Hồ Hoàn Kiếm' },
  unitPrice: 10_000,
  image: '/images/1.svg',
  imageAlt: { en: 'alt', vi: 'alt' },
};

describe('createShopStore', () => {
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
    store.dispatch(
      wishlistToggled({ slug: 'a', name: scarf.name, price: 1, hasPriceRange: false, image: '', imageAlt: scarf.imageAlt }),
    );
    expect(setItem.mock.calls.map(([key]) => key)).toEqual(['maison-khan:wishlist']);
  });

  it('lists a placed order above the samples', () => {
    const store = createShopStore({ storage: memoryStorage(), syncAcrossTabs: false });
    store.dispatch(
      orderPlaced({ id: 'MK-NEW', date: '2026-11-22T00:00:00.000Z', status: 'Processing', total: 13_800, items: [{ name: scarf.name, quantity: 1, unitPrice: 8000 }] }),
    );
    expect(selectOrdersNewestFirst(store.getState()).map((o) => o.id)).toEqual(['MK-NEW', 'MK-10512', 'MK-10428']);
  });
});
