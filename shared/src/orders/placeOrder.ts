import type { Order } from '../types';
import type { ShopThunk } from '../store/createShopStore';
import { cartCleared, selectCartLines } from '../cart/cartSlice';
import { createOrderFromCart, createOrderId } from './orderRules';
import { orderPlaced } from './ordersSlice';

/**
 * Places an order for what is in the cart: one record (id, date, status, total, items) at the
 * top of the orders, and the cart emptied. Nothing is sent anywhere. An empty cart places
 * nothing and returns undefined.
 */
export function placeOrder({ now = new Date(), random = Math.random }: { now?: Date; random?: () => number } = {}): ShopThunk<
  Order | undefined
> {
  return (dispatch, getState) => {
    const lines = selectCartLines(getState());
    if (lines.length === 0) return undefined;
    const order = createOrderFromCart(lines, now, createOrderId(now, random));
    dispatch(orderPlaced(order));
    dispatch(cartCleared());
    return order;
  };
}
