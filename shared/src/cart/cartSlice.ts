import { createSelector, createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { CartItemInput, CartLine } from '../types';
import { addToCart, cartTotals, freeShippingHint, setLineQuantity } from './cartRules';
import type { StoredValue } from '../storage';
import { isBoundedText, isIdentifier, isImageUrl, isLocalizedText, isMoney, isRecord, STORED_LIMITS } from '../storedFields';
import { imageOriginsConfigured, dropUntrustedImages } from '../store/imageOrigins';

export interface CartState {
  lines: CartLine[];
}

const initialState: CartState = { lines: [] };

const selectLines = (state: CartState) => state.lines;
const selectTotals = createSelector([selectLines], cartTotals);

export const cartSlice = createSlice({
  name: 'cart',
  initialState,
  reducers: {
    itemAdded(state, action: PayloadAction<{ item: CartItemInput; quantity?: number }>) {
      state.lines = addToCart(state.lines, action.payload.item, action.payload.quantity ?? 1).lines;
    },
    lineRemoved(state, action: PayloadAction<{ key: string }>) {
      state.lines = state.lines.filter((line) => line.key !== action.payload.key);
    },
    quantitySet(state, action: PayloadAction<{ key: string; quantity: number }>) {
      state.lines = setLineQuantity(state.lines, action.payload.key, action.payload.quantity);
    },
    cartCleared(state) {
      state.lines = [];
    },
    /** Another tab changed the stored cart. */
    cartReplaced(state, action: PayloadAction<CartLine[]>) {
      state.lines = action.payload;
    },
  },
  extraReducers: (builder) => {
    builder.addCase(imageOriginsConfigured, (state, action) => {
      dropUntrustedImages(state.lines, action.payload);
    });
  },
  selectors: {
    selectCartLines: (state) => state.lines,
    selectCartTotals: selectTotals,
    selectCartItemCount: (state) => selectTotals(state).itemCount,
    selectFreeShippingHint: createSelector([selectTotals], (totals) => freeShippingHint(totals.subtotal)),
  },
});

export const { itemAdded, lineRemoved, quantitySet, cartCleared, cartReplaced } = cartSlice.actions;
export const { selectCartLines, selectCartTotals, selectCartItemCount, selectFreeShippingHint } = cartSlice.selectors;

const SLUG = /^[a-z0-9-]{1,120}$/;

/** A stored or broadcast cart line, checked field by field; its key is always recomputed. */
export function toCartLine(raw: unknown): CartLine | undefined {
  if (!isRecord(raw)) return undefined;
  const { variantId, slug, name, unitPrice, image, imageAlt, quantity, size, color, material } = raw;
  if (!isIdentifier(variantId) || typeof slug !== 'string' || !SLUG.test(slug)) return undefined;
  if (!isLocalizedText(name) || !isLocalizedText(imageAlt) || !isMoney(unitPrice)) return undefined;
  if (image !== '' && !isImageUrl(image)) return undefined;
  if (typeof quantity !== 'number' || !Number.isSafeInteger(quantity) || quantity < 1) return undefined;
  if (size !== undefined && !isBoundedText(size)) return undefined;
  if (color !== undefined && !isLocalizedText(color)) return undefined;
  if (material !== undefined && !isLocalizedText(material)) return undefined;
  const item: CartItemInput = { variantId, slug, name, unitPrice, image: image as string, imageAlt, size, color, material };
  return addToCart([], item, quantity).lines[0];
}

/** Stored cart: junk lines are dropped one by one (and at most STORED_LIMITS.cartLines kept), the rest is kept. */
export const storedCart: StoredValue<CartLine[]> = {
  key: 'maison-khan:cart',
  version: 1,
  validate(raw) {
    if (!Array.isArray(raw)) return undefined;
    return raw.slice(0, STORED_LIMITS.cartLines).reduce<CartLine[]>((lines, entry) => {
      const line = toCartLine(entry);
      return line ? addToCart(lines, line, line.quantity).lines : lines;
    }, []);
  },
};
