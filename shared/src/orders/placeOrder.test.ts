import { createShopStore } from '../store/createShopStore';
import { addToCart } from '../cart/cartRules';
import { selectCartLines } from '../cart/cartSlice';
import { selectOrdersNewestFirst } from './ordersSlice';
import { placeOrder } from './placeOrder';
import { PAGODA } from '@test/sampleItems';

const pagoda = PAGODA;

describe('placeOrder', () => {
  const now = new Date('2026-11-22T10:00:00.000Z');

  it('records the cart as the newest order, with the totals the shopper saw, and empties the cart', () => {
    const store = createShopStore({ preloadedState: { cart: { lines: addToCart([], pagoda, 2).lines } } });
    const order = store.dispatch(placeOrder({ now, random: () => 0.5 }));
    expect(order).toEqual({
      id: `MK-${now.getTime().toString(36).toUpperCase()}I0`,
      date: '2026-11-22T10:00:00.000Z',
      status: 'Processing',
      total: 22_600, // 16,000 + 5,000 shipping + 1,600 tax
      items: [{ name: pagoda.name, quantity: 2, unitPrice: 8_000 }],
    });
    expect(selectOrdersNewestFirst(store.getState())[0]).toEqual(order);
    expect(selectCartLines(store.getState())).toEqual([]);
  });

  it('places nothing for an empty cart', () => {
    const store = createShopStore({ preloadedState: {} });
    expect(store.dispatch(placeOrder({ now }))).toBeUndefined();
    expect(store.getState().orders.placed).toEqual([]);
  });
});
