import { orderPlaced, ordersSlice, selectOrdersNewestFirst, storedOrders } from './ordersSlice';
import type { Order } from '../types';
import { HOAN_KIEM } from '@test/sampleItems';

const order: Order = {
  id: 'MK-1',
  date: '2026-11-01T00:00:00.000Z',
  status: 'Processing',
  total: 13_800,
  items: [{ name: HOAN_KIEM.name, quantity: 1, unitPrice: 8000 }],
};

describe('ordersSlice', () => {
  it('lists a placed order above the samples', () => {
    const orders = ordersSlice.reducer(undefined, orderPlaced({ ...order, id: 'MK-NEW', date: '2026-11-22T00:00:00.000Z' }));
    expect(selectOrdersNewestFirst({ orders }).map(({ id }) => id)).toEqual(['MK-NEW', 'MK-10512', 'MK-10428']);
  });
});

describe('stored orders (storedOrders), read as a stranger’s data', () => {
  it.each([
    ['an id of a million characters', { ...order, id: 'M'.repeat(1_000_000) }],
    ['markup for an id', { ...order, id: '<script>' }],
    ['unsafe money', { ...order, total: Number.MAX_SAFE_INTEGER }],
  ])('drops an order with %s and keeps the others', (_problem, junk) => {
    expect(storedOrders.validate([junk, order])?.map(({ id }) => id)).toEqual(['MK-1']);
  });
});
