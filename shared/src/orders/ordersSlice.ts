import { createSelector, createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { Order } from '../types';
import type { StoredValue } from '../storage';
import { STORED_LIMITS } from '../storedFields';
import { ordersNewestFirst, toOrder } from './orderRules';

export interface OrdersState {
  /** Orders placed in this browser; the samples are added by the selector, never stored. */
  placed: Order[];
}

const initialState: OrdersState = { placed: [] };

export const ordersSlice = createSlice({
  name: 'orders',
  initialState,
  reducers: {
    orderPlaced(state, action: PayloadAction<Order>) {
      if (!state.placed.some((order) => order.id === action.payload.id)) state.placed.unshift(action.payload);
    },
    ordersReplaced(state, action: PayloadAction<Order[]>) {
      state.placed = action.payload;
    },
  },
  selectors: {
    selectPlacedOrders: (state) => state.placed,
  },
});

export const { orderPlaced, ordersReplaced } = ordersSlice.actions;
export const { selectPlacedOrders } = ordersSlice.selectors;

export const selectOrdersNewestFirst = createSelector([(state: { orders: OrdersState }) => state.orders.placed], (placed) =>
  ordersNewestFirst(placed),
);

export const storedOrders: StoredValue<Order[]> = {
  key: 'maison-khan:orders',
  version: 1,
  validate(raw) {
    if (!Array.isArray(raw)) return undefined;
    return raw
      .slice(0, STORED_LIMITS.orders)
      .map(toOrder)
      .filter((order): order is Order => order !== undefined);
  },
};
