import { useDispatch, useSelector, useStore } from 'react-redux';
import type { ShopDispatch, ShopState, ShopStore } from './createShopStore';

export const useShopDispatch = useDispatch.withTypes<ShopDispatch>();
export const useShopSelector = useSelector.withTypes<ShopState>();
export const useShopStore = useStore.withTypes<ShopStore>();
