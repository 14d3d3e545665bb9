import type { CartItemInput } from '../types';
import {
  addToCart,
  cartItemCount,
  cartLineKey,
  cartSubtotal,
  cartTotals,
  estimatedTaxFor,
  freeShippingHint,
  MAX_LINE_QUANTITY,
  setLineQuantity,
  shippingFor,
} from './cartRules';

const text = (en: string, vi = en) => ({ en, vi });
const item = (over: Partial<CartItemInput> = {}): CartItemInput => ({
  variantId: '4',
  slug: 'one-pillar-pagoda-handkerchief',
  name: text('One Pillar Pagoda Handkerchief', 'Khăn tay Chùa Một Cột'),
  unitPrice: 8000,
  image: '/images/4.svg',
  imageAlt: text('alt'),
  ...over,
});

describe('cart line identity', () => {
  it('is the variant id with size, color and material', () => {
    expect(cartLineKey(item({ size: 'M', color: text('Red', 'Đỏ'), material: text('Silk', 'Lụa') }))).toBe('4|M|Red|Silk');
    expect(cartLineKey(item())).toBe('4|||');
  });
});

describe('addToCart', () => {
  it('adds a new line with quantity 1 by default', () => {
    const { lines, merged } = addToCart([], item());
    expect(merged).toBe(false);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ key: '4|||', quantity: 1, unitPrice: 8000 });
  });

  it('merges a matching line by the added amount', () => {
    const once = addToCart([], item()).lines;
    const { lines, merged } = addToCart(once, item(), 3);
    expect(merged).toBe(true);
    expect(lines).toHaveLength(1);
    expect(lines[0]!.quantity).toBe(4);
  });

  it.each([
    ['size', { size: 'L' }],
    ['color', { color: text('Blue') }],
    ['material', { material: text('Cotton') }],
    ['variant', { variantId: '5' }],
  ])('keeps a separate line when the %s differs', (_label, over) => {
    const once = addToCart([], item()).lines;
    const { lines, merged } = addToCart(once, item(over));
    expect(merged).toBe(false);
    expect(lines).toHaveLength(2);
  });

  it('ignores zero, negative and non-numeric amounts', () => {
    expect(addToCart([], item(), 0).lines).toEqual([]);
    expect(addToCart([], item(), -2).lines).toEqual([]);
    expect(addToCart([], item(), Number.NaN).lines).toEqual([]);
  });

  it('caps a line at the maximum quantity', () => {
    const { lines } = addToCart(addToCart([], item(), MAX_LINE_QUANTITY).lines, item(), 5);
    expect(lines[0]!.quantity).toBe(MAX_LINE_QUANTITY);
  });
});

describe('setLineQuantity', () => {
  const lines = addToCart([], item(), 2).lines;
  it('sets a whole quantity', () => {
    expect(setLineQuantity(lines, '4|||', 5)[0]!.quantity).toBe(5);
    expect(setLineQuantity(lines, '4|||', 2.7)[0]!.quantity).toBe(2);
  });
  it('removes the line at zero or below', () => {
    expect(setLineQuantity(lines, '4|||', 0)).toEqual([]);
    expect(setLineQuantity(lines, '4|||', -1)).toEqual([]);
  });
  it('never stores NaN', () => {
    expect(setLineQuantity(lines, '4|||', Number.NaN)[0]!.quantity).toBe(2);
  });
  it('leaves other lines alone', () => {
    expect(setLineQuantity(lines, 'missing', 9)).toEqual(lines);
  });
});

describe('money rules', () => {
  it('one 8,000đ item: subtotal 8,000, shipping 5,000, tax 800, total 13,800', () => {
    const lines = addToCart([], item()).lines;
    expect(cartTotals(lines)).toEqual({ subtotal: 8000, shipping: 5000, tax: 800, total: 13800, itemCount: 1 });
  });

  it('sums price times quantity over lines, and counts items', () => {
    const lines = addToCart(addToCart([], item(), 2).lines, item({ variantId: '1', unitPrice: 10000 }), 3).lines;
    expect(cartSubtotal(lines)).toBe(46000);
    expect(cartItemCount(lines)).toBe(5);
  });

  it('charges shipping at exactly 50,000 and frees it above', () => {
    expect(shippingFor(49_999)).toBe(5000);
    expect(shippingFor(50_000)).toBe(5000);
    expect(shippingFor(50_001)).toBe(0);
  });

  it('charges no shipping for an empty cart', () => {
    expect(shippingFor(0)).toBe(0);
    expect(cartTotals([])).toEqual({ subtotal: 0, shipping: 0, tax: 0, total: 0, itemCount: 0 });
  });

  it('rounds the 10% tax to whole dong', () => {
    expect(estimatedTaxFor(8000)).toBe(800);
    expect(estimatedTaxFor(15)).toBe(2);
    expect(estimatedTaxFor(14)).toBe(1);
  });
});

describe('freeShippingHint', () => {
  it('asks for the difference below the threshold', () => {
    expect(freeShippingHint(8000)).toEqual({ kind: 'addMore', amount: 42000 });
    expect(freeShippingHint(49_999)).toEqual({ kind: 'addMore', amount: 1 });
  });
  it('names the threshold at exactly 50,000 (never "Add 0đ more")', () => {
    expect(freeShippingHint(50_000)).toEqual({ kind: 'threshold', threshold: 50_000 });
  });
  it('says nothing when shipping is already free or the cart is empty', () => {
    expect(freeShippingHint(50_001)).toEqual({ kind: 'none' });
    expect(freeShippingHint(0)).toEqual({ kind: 'none' });
  });
});
