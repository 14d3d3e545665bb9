import type { CartItemInput, CartLine } from '../types';

/** Shipping is free only when the subtotal is strictly above this. */
export const FREE_SHIPPING_THRESHOLD = 50_000;
export const SHIPPING_FEE = 5_000;
export const TAX_RATE = 0.1;
/** Per line; keeps a stuck key or a pasted number from producing absurd orders. */
export const MAX_LINE_QUANTITY = 99;

export function cartLineKey(item: Pick<CartItemInput, 'variantId' | 'size' | 'color' | 'material'>): string {
  return [item.variantId, item.size ?? '', item.color?.en ?? '', item.material?.en ?? ''].join('|');
}

/** A whole quantity within 1..MAX_LINE_QUANTITY, or undefined when the input is not a number. */
export function clampQuantity(quantity: number): number | undefined {
  if (!Number.isFinite(quantity)) return undefined;
  return Math.min(MAX_LINE_QUANTITY, Math.max(1, Math.floor(quantity)));
}

export interface AddToCartResult {
  lines: CartLine[];
  /** True when an existing line grew instead of a new line being added. */
  merged: boolean;
}

/** Adds `quantity` of an item: merges into the line with the same variant, size, color and material. */
export function addToCart(lines: readonly CartLine[], item: CartItemInput, quantity = 1): AddToCartResult {
  const amount = Number.isFinite(quantity) ? Math.floor(quantity) : 0;
  if (amount < 1) return { lines: [...lines], merged: false };
  const key = cartLineKey(item);
  const existing = lines.find((line) => line.key === key);
  if (existing) {
    return {
      merged: true,
      lines: lines.map((line) => (line.key === key ? { ...line, quantity: Math.min(MAX_LINE_QUANTITY, line.quantity + amount) } : line)),
    };
  }
  return { merged: false, lines: [...lines, { ...item, key, quantity: Math.min(MAX_LINE_QUANTITY, amount) }] };
}

/** Sets a line's quantity; zero or below removes the line, non-numbers change nothing. */
export function setLineQuantity(lines: readonly CartLine[], key: string, quantity: number): CartLine[] {
  if (!Number.isFinite(quantity)) return [...lines];
  if (quantity <= 0) return lines.filter((line) => line.key !== key);
  const next = clampQuantity(quantity)!;
  return lines.map((line) => (line.key === key ? { ...line, quantity: next } : line));
}

export function cartSubtotal(lines: readonly CartLine[]): number {
  return lines.reduce((sum, line) => sum + line.unitPrice * line.quantity, 0);
}

export function cartItemCount(lines: readonly CartLine[]): number {
  return lines.reduce((sum, line) => sum + line.quantity, 0);
}

/** Nothing to ship for an empty cart; otherwise 5,000đ unless the subtotal is above 50,000đ. */
export function shippingFor(subtotal: number): number {
  if (subtotal <= 0) return 0;
  return subtotal > FREE_SHIPPING_THRESHOLD ? 0 : SHIPPING_FEE;
}

export function estimatedTaxFor(subtotal: number): number {
  return Math.round(subtotal * TAX_RATE);
}

export interface CartTotals {
  subtotal: number;
  shipping: number;
  tax: number;
  total: number;
  itemCount: number;
}

export function cartTotals(lines: readonly CartLine[]): CartTotals {
  const subtotal = cartSubtotal(lines);
  const shipping = shippingFor(subtotal);
  const tax = estimatedTaxFor(subtotal);
  return { subtotal, shipping, tax, total: subtotal + shipping + tax, itemCount: cartItemCount(lines) };
}

export type FreeShippingHint =
  | { kind: 'none' }
  /** "Add {amount}đ more for free shipping" */
  | { kind: 'addMore'; amount: number }
  /** "Free shipping on orders over 50,000đ": at exactly the threshold, never "Add 0đ more". */
  | { kind: 'threshold'; threshold: number };

export function freeShippingHint(subtotal: number): FreeShippingHint {
  if (subtotal <= 0 || subtotal > FREE_SHIPPING_THRESHOLD) return { kind: 'none' };
  if (subtotal === FREE_SHIPPING_THRESHOLD) return { kind: 'threshold', threshold: FREE_SHIPPING_THRESHOLD };
  return { kind: 'addMore', amount: FREE_SHIPPING_THRESHOLD - subtotal };
}
