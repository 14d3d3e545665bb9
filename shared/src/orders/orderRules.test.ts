import { addToCart } from '../cart/cartRules';
import { createOrderFromCart, createOrderId, ordersNewestFirst, SAMPLE_ORDERS, toOrder } from './orderRules';
import type { Order } from '../types';

const name = { en: 'One Pillar Pagoda Handkerchief', vi: 'Khăn tay Chùa Một Cột' };
const line = (variantId: string, unitPrice: number, quantity: number) =>
  addToCart([], { variantId, slug: 's', name, unitPrice, image: '', imageAlt: name }, quantity).lines[0]!;

describe('createOrderFromCart', () => {
  it('records every line and the total with shipping and tax', () => {
    const now = new Date('2026-11-22T10:00:00.000Z');
    const order = createOrderFromCart([line('4', 8000, 1)], now, 'MK-1');
    expect(order).toEqual({
      id: 'MK-1',
      date: '2026-11-22T10:00:00.000Z',
      status: 'Processing',
      total: 13_800,
      items: [{ name, quantity: 1, unitPrice: 8000 }],
    });
  });

  it('has free shipping above 50,000đ', () => {
    const order = createOrderFromCart([line('7', 50_000, 1), line('4', 8000, 1)], new Date(), 'MK-2');
    expect(order.total).toBe(58_000 + 5_800);
  });
});

describe('createOrderId', () => {
  it('is MK- and upper-case base 36, different for different times', () => {
    const a = createOrderId(new Date(1_000_000), () => 0.5);
    const b = createOrderId(new Date(2_000_000), () => 0.5);
    expect(a).toMatch(/^MK-[0-9A-Z]+$/);
    expect(a).not.toBe(b);
  });
});

describe('ordersNewestFirst', () => {
  it('puts placed orders above the samples and sorts by date', () => {
    const placed: Order = { ...SAMPLE_ORDERS[0]!, id: 'MK-NEW', date: '2026-11-21T00:00:00.000Z' };
    expect(ordersNewestFirst([placed]).map((order) => order.id)).toEqual(['MK-NEW', 'MK-10512', 'MK-10428']);
  });

  it('shows a sample only once even if it was stored', () => {
    expect(ordersNewestFirst([SAMPLE_ORDERS[1]!])).toHaveLength(2);
  });
});

describe('toOrder', () => {
  it('accepts a valid stored order and rejects broken ones', () => {
    expect(toOrder(SAMPLE_ORDERS[0])).toEqual(SAMPLE_ORDERS[0]);
    expect(toOrder({ ...SAMPLE_ORDERS[0], date: 'yesterday' })).toBeUndefined();
    expect(toOrder({ ...SAMPLE_ORDERS[0], total: -1 })).toBeUndefined();
    expect(toOrder({ ...SAMPLE_ORDERS[0], items: [{ name, quantity: 0, unitPrice: 1 }] })).toBeUndefined();
    expect(toOrder({ ...SAMPLE_ORDERS[0], items: [] })).toBeUndefined();
  });
});

describe('SAMPLE_ORDERS', () => {
  it('have totals that follow the shop’s own money rules', () => {
    for (const order of SAMPLE_ORDERS) {
      const lines = order.items.map((item, index) => line(String(index), item.unitPrice, item.quantity));
      expect(createOrderFromCart(lines, new Date(order.date), order.id).total).toBe(order.total);
    }
  });
});
