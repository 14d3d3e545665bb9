export * from './types';
export { formatMoney } from './money';
export * from './storage';

export * from './cart/cartRules';
export * from './cart/cartSlice';
export { CartProvider, useCart, type CartApi } from './cart/CartProvider';
export * from './wishlist/wishlistSlice';
export * from './orders/orderRules';
export * from './orders/ordersSlice';
export * from './store/createShopStore';
export * from './store/hooks';

export * from './i18n/messages';
export * from './i18n/language';
export { LanguageProvider, useLanguage, useTranslator } from './i18n/LanguageProvider';
export { ToastProvider, useToast, type ToastTone } from './toast/ToastProvider';
export { ShopProviders } from './ShopProviders';
export * from './remoteContract';
export { foldForSearch } from './text';
export { StandaloneFrame } from './StandaloneFrame';
export { renderStandalone } from './renderStandalone';
