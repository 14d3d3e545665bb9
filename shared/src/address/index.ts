/**
 * The shop's addresses, decided here and nowhere else: each language's prefix, every page's path,
 * the link to each page, and the shopper's stored choice of language. The host's router and
 * start-up code, the remotes, the renderer, the servers (deploy/) and the page's boot script all
 * read them from this module (`@maison/shared`, or `@maison/shared/address` outside the page's
 * shared library).
 * Node runs these files as they are: value imports carry their `.ts` extension, and only
 * TypeScript that erases is used. What an address's query says (each page's parameters, the
 * tracking ones no page reads, canonical queries) is query.ts.
 */
export {
  alternateAddresses,
  homeOfBarePrefix,
  isLanguage,
  LANGUAGE_PATH_PREFIX,
  languageOfPath,
  pathInLanguage,
  PREFIXED_LANGUAGES,
  ROOT_LANGUAGE,
  routerBasename,
} from './languagePath.ts';
export { addressForChoice, LANGUAGE_STORAGE_KEY, storedLanguage } from './languageChoice.ts';
export { normalPath, sameOriginPath } from './sameOrigin.ts';
export { hrefs, PAGE_PATHS, type PageName, type ProfileTab } from './pagePaths.ts';
export {
  cacheKeyQuery,
  canonicalQuery,
  DEFAULT_LIST_QUERY,
  isTrackingParameter,
  isValidPriceText,
  orderedPriceRange,
  parseListQuery,
  parsePrice,
  PROFILE_TABS,
  profileTabOf,
  serializeListQuery,
  SORT_OPTIONS,
  TRACKING_PARAMETERS,
  TRACKING_PREFIX,
  type Availability,
  type ListQuery,
  type SortOption,
  type ViewMode,
} from './query.ts';
