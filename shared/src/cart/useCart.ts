import { useMemo } from 'react';
import type { CartItemInput, CartLine } from '../types';
import { useShopDispatch, useShopSelector, useShopStore } from '../store/hooks';
import { useTranslator } from '../i18n/LanguageProvider';
import { defineMessages } from '../i18n/messages';
import { useToast } from '../toast/ToastProvider';
import { cartLineKey, type CartTotals, type FreeShippingHint } from './cartRules';
import { itemAdded, lineRemoved, quantitySet, selectCartLines, selectCartTotals, selectFreeShippingHint } from './cartSlice';

const cartMessages = defineMessages(
  { added: 'Added to cart', updated: 'Updated cart quantity', removed: 'Removed from cart' },
  { added: 'Đã thêm vào giỏ hàng', updated: 'Đã cập nhật số lượng trong giỏ', removed: 'Đã xóa khỏi giỏ hàng' },
);

export interface CartApi {
  lines: CartLine[];
  totals: CartTotals;
  freeShippingHint: FreeShippingHint;
  addItem: (item: CartItemInput, quantity?: number) => void;
  removeItem: (key: string) => void;
  /** Zero or below removes the line. */
  setQuantity: (key: string, quantity: number) => void;
}

/**
 * The cart, read from the shared store, and the shopper's changes to it, each confirmed in a
 * toast. The confirmation is said here, beside the shopper's action, rather than by a listener
 * middleware on the store: a toast speaks the page's language and lives in React, and cart
 * actions that reach the store some other way (another tab's, the standalone frame's sample
 * line) must not announce anything.
 */
export function useCart(): CartApi {
  const lines = useShopSelector(selectCartLines);
  const totals = useShopSelector(selectCartTotals);
  const freeShippingHint = useShopSelector(selectFreeShippingHint);
  const store = useShopStore();
  const dispatch = useShopDispatch();
  const t = useTranslator(cartMessages);
  const { showToast } = useToast();

  const actions = useMemo(
    () => ({
      addItem(item: CartItemInput, quantity = 1) {
        // The store, not this render's lines: two adds before a re-render must both count.
        const key = cartLineKey(item);
        const exists = selectCartLines(store.getState()).some((line) => line.key === key);
        dispatch(itemAdded({ item, quantity }));
        showToast(t(exists ? 'updated' : 'added'));
      },
      removeItem(key: string) {
        dispatch(lineRemoved({ key }));
        showToast(t('removed'), 'info');
      },
      setQuantity(key: string, quantity: number) {
        dispatch(quantitySet({ key, quantity }));
        if (quantity <= 0) showToast(t('removed'), 'info');
      },
    }),
    [dispatch, showToast, store, t],
  );

  return { lines, totals, freeShippingHint, ...actions };
}
