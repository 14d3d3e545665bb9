import { useCallback } from 'react';
import { placeOrder, useShopDispatch, useStoredValue, useToast, useTranslator, type Order } from '@maison/shared';
import { cartMessages } from '../messages';
import { storedCheckoutInfo, trimCheckoutInfo, type SavedCheckoutInfo } from './checkoutForm';

/**
 * Checkout's one action: places the order (shared `placeOrder`: the order recorded, the cart
 * emptied), keeps or forgets the delivery details as the shopper chose, and confirms it.
 * Returns the order, or undefined when there was nothing to order.
 */
export function usePlaceOrder() {
  const dispatch = useShopDispatch();
  const { showToast } = useToast();
  const t = useTranslator(cartMessages);
  const [savedInfo, saveInfo] = useStoredValue(storedCheckoutInfo);

  const place = useCallback(
    (info: SavedCheckoutInfo, keepInfo: boolean): Order | undefined => {
      const order = dispatch(placeOrder());
      if (!order) return undefined;
      saveInfo(keepInfo ? trimCheckoutInfo(info) : undefined);
      showToast(t('orderPlaced'));
      return order;
    },
    [dispatch, saveInfo, showToast, t],
  );
  return { place, savedInfo };
}
