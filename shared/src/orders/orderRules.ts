import type { CartLine, Order } from '../types';
import { cartTotals, MAX_LINE_QUANTITY } from '../cart/cartRules';
import { isBoundedText, isIdentifier, isLocalizedText, isMoney, isRecord, STORED_LIMITS } from '../storedFields';

/** The two sample orders every shopper sees, as in the original shop. */
export const SAMPLE_ORDERS: readonly Order[] = [
  {
    id: 'MK-10428',
    date: '2026-10-02T09:30:00.000Z',
    status: 'Delivered',
    total: 35_800, // 28,000 + 5,000 shipping + 2,800 tax
    items: [
      { name: { en: 'Hoan Kiem Lake Handkerchief', vi: 'Khăn tay Hồ Hoàn Kiếm' }, quantity: 1, unitPrice: 20_000 },
      { name: { en: 'One Pillar Pagoda Handkerchief', vi: 'Khăn tay Chùa Một Cột' }, quantity: 1, unitPrice: 8_000 },
    ],
  },
  {
    id: 'MK-10512',
    date: '2026-11-08T14:05:00.000Z',
    status: 'Processing',
    total: 60_000, // 50,000 + 5,000 shipping (not above 50,000) + 5,000 tax
    items: [{ name: { en: 'Hoi An Handkerchief', vi: 'Khăn tay Hội An' }, quantity: 1, unitPrice: 50_000 }],
  },
];

/** An order id shoppers can read out on the phone: MK- plus base-36 time and a random tail. */
export function createOrderId(now: Date, random: () => number = Math.random): string {
  const tail = Math.floor(random() * 36 ** 2)
    .toString(36)
    .padStart(2, '0');
  return `MK-${now.getTime().toString(36)}${tail}`.toUpperCase();
}

/** The record of a completed checkout: every line, and the total the shopper was shown. */
export function createOrderFromCart(lines: readonly CartLine[], now: Date, id: string): Order {
  return {
    id,
    date: now.toISOString(),
    status: 'Processing',
    total: cartTotals(lines).total,
    items: lines.map((line) => ({ name: line.name, quantity: line.quantity, unitPrice: line.unitPrice })),
  };
}

/** Placed orders and the samples together, newest first; ties keep the given order. */
export function ordersNewestFirst(placed: readonly Order[], samples: readonly Order[] = SAMPLE_ORDERS): Order[] {
  const known = new Set(placed.map((order) => order.id));
  return [...placed, ...samples.filter((order) => !known.has(order.id))]
    .map((order, index) => ({ order, index, time: Date.parse(order.date) }))
    .sort((a, b) => b.time - a.time || a.index - b.index)
    .map(({ order }) => order);
}

const ORDER_ID = /^[A-Z0-9-]{1,40}$/;

/** A stored order, checked field by field: anything out of shape or out of bounds drops the order. */
export function toOrder(raw: unknown): Order | undefined {
  if (!isRecord(raw)) return undefined;
  const { id, date, status, total, items } = raw;
  if (!isIdentifier(id) || !ORDER_ID.test(id) || typeof date !== 'string' || date.length > 40 || Number.isNaN(Date.parse(date)))
    return undefined;
  if (!isBoundedText(status, 40) || !isMoney(total, STORED_LIMITS.orderTotal) || !Array.isArray(items)) return undefined;
  if (items.length === 0 || items.length > STORED_LIMITS.orderItems) return undefined;
  const validItems = items.filter(
    (item): item is Order['items'][number] =>
      isRecord(item) &&
      isLocalizedText(item.name) &&
      isMoney(item.unitPrice) &&
      typeof item.quantity === 'number' &&
      Number.isSafeInteger(item.quantity) &&
      item.quantity > 0 &&
      item.quantity <= MAX_LINE_QUANTITY,
  );
  if (validItems.length !== items.length) return undefined;
  return { id, date, status, total, items: validItems.map(({ name, quantity, unitPrice }) => ({ name, quantity, unitPrice })) };
}
