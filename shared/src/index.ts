/**
 * `@maison/shared`: the contract between the four apps, loaded once per page as a federation
 * singleton. Every name here is a promise to every team: export only what an app uses, add
 * before you remove (docs/development.md, "Evolving the shared contract").
 */
export { LANGUAGES, type CartItemInput, type CartLine, type Language, type LocalizedText, type Order, type WishlistItem } from './types';
export { formatMoney } from './money';
export { foldForSearch } from './text';
export { shownAsked } from './notFound';
export { type StoredValue } from './storage';
export { useStoredValue } from './useStoredValue';
export { useHydrated } from './useHydrated';
export { isRecord } from './storedFields';
export { imageOriginsConfigured } from './store/imageOrigins';

export { MAX_LINE_QUANTITY, type CartTotals, type FreeShippingHint } from './cart/cartRules';
export { itemAdded, selectCartItemCount } from './cart/cartSlice';
export { useCart } from './cart/useCart';
export { useWishlist } from './wishlist/useWishlist';
export { placeOrder } from './orders/placeOrder';
export { selectOrdersNewestFirst } from './orders/ordersSlice';
export { createShopStore, initialShopState, type ShopStore } from './store/createShopStore';
export { useShopDispatch, useShopSelector } from './store/hooks';

export { defineMessages } from './i18n/messages';
export { LOCALE_OF } from './i18n/language';
export {
  addressForChoice,
  alternateAddresses,
  homeOfBarePrefix,
  hrefs,
  LANGUAGE_PATH_PREFIX,
  LANGUAGE_STORAGE_KEY,
  languageOfPath,
  PAGE_PATHS,
  pathInLanguage,
  ROOT_LANGUAGE,
  routerBasename,
  type ProfileTab,
  DEFAULT_LIST_QUERY,
  isValidPriceText,
  orderedPriceRange,
  parseListQuery,
  parsePrice,
  PROFILE_TABS,
  profileTabOf,
  serializeListQuery,
  SORT_OPTIONS,
  type Availability,
  type ListQuery,
  type SortOption,
  type ViewMode,
} from './address';
export { useLanguage, useTranslator } from './i18n/LanguageProvider';
export { usePageHead, usePageTitle, type PageHead } from './i18n/usePageHead';
export { useToast } from './toast/ToastProvider';
export { ShopProviders, type RenderedPageState, type ShopAddress } from './ShopProviders';
export type {
  RemoteComponents,
  RemoteModule,
  RemoteModuleId,
  RemoteName,
  RemotePublicPages,
  RemoteServerModuleId,
  RemoteServerModules,
  SearchResultsProps,
} from './remoteContract';
