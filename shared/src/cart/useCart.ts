import { createContext, useContext, useMemo, type ReactNode } from 'react';
import type { CartItemInput, CartLine } from '../types';
import { useShopDispatch, useShopSelector, useShopStore } from '../store/hooks';
import { useTranslator } from '../i18n/LanguageProvider';
import { defineMessages } from '../i18n/messages';
import { useToast } from '../toast/ToastProvider';
import { cartLineKey, type CartTotals, type FreeShippingHint } from './cartRules';
import { cartCleared, itemAdded, lineRemoved, quantitySet, selectCartLines, selectCartTotals, selectFreeShippingHint } from './cartSlice';

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
  clear: () => void;
}

const CartContext = createContext<Omit<CartApi, 'lines' | 'totals' | 'freeShippingHint'> | null>(null);

/** Cart actions with the shopper's confirmations; the state itself lives in the shared store. */
export function CartProvider({ children }: { children: ReactNode }) {
  const store = useShopStore();
  const dispatch = useShopDispatch();
  const t = useTranslator(cartMessages);
  const { showToast } = useToast();

  const actions = useMemo(
    () => ({
      addItem(item: CartItemInput, quantity = 1) {
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
      clear() {
        dispatch(cartCleared());
      },
    }),
    [dispatch, showToast, store, t],
  );

  return <CartContext.Provider value={actions}>{children}</CartContext.Provider>;
}

export function useCart(): CartApi {
  const actions = useContext(CartContext);
  if (!actions) throw new Error('useCart must be used within CartProvider');
  const lines = useShopSelector(selectCartLines);
  const totals = useShopSelector(selectCartTotals);
  const freeShippingHint = useShopSelector(selectFreeShippingHint);
  return { ...actions, lines, totals, freeShippingHint };
}
