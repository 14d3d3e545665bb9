import { createShopStore } from './createShopStore';
import { imageOriginsConfigured } from './imageOrigins';
import { itemAdded, selectCartItemCount, selectCartLines } from '../cart/cartSlice';
import { wishlistToggled } from '../wishlist/wishlistSlice';
import { selectOrdersNewestFirst } from '../orders/ordersSlice';
import { HOAN_KIEM } from '@test/sampleItems';
import { memoryStorage } from '@test/memoryStorage';

const scarf = HOAN_KIEM;
/** The page's store on this storage, with no other tab. */
const storeOn = (storage: Storage) => createShopStore({ storage, syncAcrossTabs: false });

describe('the store kept in storage', () => {
  it('persists the cart and restores it in a new store', () => {
    const storage = memoryStorage();
    storeOn(storage).dispatch(itemAdded({ item: scarf, quantity: 2 }));
    expect(selectCartItemCount(storeOn(storage).getState())).toBe(2);
  });

  it('drops corrupt stored data and starts empty instead of crashing', () => {
    const storage = memoryStorage({
      'maison-khan:cart': '{"version":1,"data":[{"key":"x","quantity":"lots"}, 42, null]}',
      'maison-khan:wishlist': 'not json',
      'maison-khan:orders': '{"version":99,"data":[]}',
    });
    const store = storeOn(storage);
    expect(selectCartLines(store.getState())).toEqual([]);
    expect(store.getState().wishlist.items).toEqual([]);
    expect(selectOrdersNewestFirst(store.getState()).map((o) => o.id)).toEqual(['MK-10512', 'MK-10428']);
  });

  it('cleans stored data once read: what stays in storage is what the shop would have written', () => {
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
          { ...line, variantId: '4' },
        ],
      }),
      'maison-khan:orders': JSON.stringify({ version: 1, data: [{ ...order, id: '<script>' }, order] }),
    });
    const store = storeOn(storage);
    expect(selectCartLines(store.getState()).map((kept) => kept.variantId)).toEqual(['4']);
    expect(store.getState().orders.placed.map((kept) => kept.id)).toEqual(['MK-1']);
    expect(JSON.parse(storage.getItem('maison-khan:cart')!).data).toHaveLength(1);
    expect(JSON.parse(storage.getItem('maison-khan:orders')!).data).toHaveLength(1);
  });

  it('writes only the slices that changed', () => {
    const storage = memoryStorage();
    const setItem = jest.spyOn(storage, 'setItem');
    const store = storeOn(storage);
    store.dispatch(wishlistToggled({ slug: 'a', name: scarf.name, price: 1, hasPriceRange: false, image: '', imageAlt: scarf.imageAlt }));
    expect(setItem.mock.calls.map(([key]) => key)).toEqual(['maison-khan:wishlist']);
  });

  it.each([
    ['not trusted: the cart is written without it', 'http://evil.invalid/pixel.svg', ['maison-khan:cart']],
    ['trusted: nothing is written', 'http://localhost:3001/images/1.svg', []],
  ])('when the page names its image origins, a stored image %s', (_outcome, image, written) => {
    const storage = memoryStorage();
    const store = storeOn(storage);
    store.dispatch(itemAdded({ item: { ...scarf, image } }));
    const setItem = jest.spyOn(storage, 'setItem');
    store.dispatch(
      imageOriginsConfigured({ origins: ['http://localhost:3000', 'http://localhost:3001'], base: 'http://localhost:3000/cart' }),
    );
    expect(setItem.mock.calls.map(([key]) => key)).toEqual(written);
    expect(storage.getItem('maison-khan:cart')).not.toContain('evil.invalid');
  });
});
