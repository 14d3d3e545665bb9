/**
 * What an address's query says, read one way by the page that shows it, the renderer and the
 * servers: the parameters each page reads (the product list's sort, view, availability and
 * price; a product's variant; the account's tab), and the tracking parameters no page reads,
 * which say where a shopper came from. A server renders and keeps an address by its canonical
 * query (`canonicalQuery`): only what its page reads, in one spelling, so a campaign's or a
 * shared list's address arrives rendered, and junk in a query costs nothing.
 * Node runs this file as it is: value imports carry their `.ts` extension.
 */
import { PAGE_PATHS, type ProfileTab } from './pagePaths.ts';

/**
 * Parameters that only say where a shopper came from (campaigns, ads, e-mails, shopping results):
 * no page reads them, so they never change what is rendered, kept by a cache or named canonical.
 * Names are matched as written lower-case; any `utm_…` is one.
 */
export const TRACKING_PARAMETERS: readonly string[] = [
  'gclid',
  'gclsrc',
  'gbraid',
  'wbraid',
  'dclid',
  'gad_source',
  'gad_campaignid',
  'fbclid',
  'msclkid',
  'srsltid',
  'mc_cid',
  'mc_eid',
  'yclid',
  'twclid',
  'ttclid',
  'li_fat_id',
  'igshid',
  'epik',
  'sccid',
  'irclickid',
  '_ga',
  '_gl',
  '_hsenc',
  '_hsmi',
  'mkt_tok',
];
export const TRACKING_PREFIX = 'utm_';

export function isTrackingParameter(name: string): boolean {
  const lower = name.toLowerCase();
  return lower.startsWith(TRACKING_PREFIX) || TRACKING_PARAMETERS.includes(lower);
}

/** The product list's sort orders, Featured (the catalogue's order) first. */
export const SORT_OPTIONS = ['featured', 'price-asc', 'price-desc', 'name-asc', 'name-desc'] as const;
export type SortOption = (typeof SORT_OPTIONS)[number];
export type ViewMode = 'grid' | 'list';
export type Availability = 'in' | 'out';

/** Everything about the product list that lives in the URL query. */
export interface ListQuery {
  sort: SortOption;
  view: ViewMode;
  availability: Availability[];
  minPrice?: number;
  maxPrice?: number;
}

export const DEFAULT_LIST_QUERY: ListQuery = { sort: 'featured', view: 'grid', availability: [] };

/** A price bound as typed or as in the URL: blank (no bound) or whole dong, not negative. */
export function isValidPriceText(value: string | null): boolean {
  const text = value?.trim() ?? '';
  return text === '' || (/^\d+$/.test(text) && Number.isSafeInteger(Number(text)));
}

/** The bound a valid text stands for; blank and invalid text mean no bound. */
export function parsePrice(value: string | null): number | undefined {
  return value !== null && value.trim() !== '' && isValidPriceText(value) ? Number(value.trim()) : undefined;
}

/** A reversed range (min above max) is read the way the shopper meant it. */
export function orderedPriceRange(min: number | undefined, max: number | undefined): [number | undefined, number | undefined] {
  return min !== undefined && max !== undefined && min > max ? [max, min] : [min, max];
}

/** The list's query as the page reads it: junk values fall back to defaults one by one (`?sort=zzz&min=abc` is the plain list). */
export function parseListQuery(params: URLSearchParams): ListQuery {
  const sort = params.get('sort');
  const availability = params
    .getAll('availability')
    .flatMap((value) => value.split(','))
    .filter((value): value is Availability => value === 'in' || value === 'out');
  const [minPrice, maxPrice] = orderedPriceRange(parsePrice(params.get('min')), parsePrice(params.get('max')));
  return {
    sort: (SORT_OPTIONS as readonly string[]).includes(sort ?? '') ? (sort as SortOption) : 'featured',
    view: params.get('view') === 'list' ? 'list' : 'grid',
    availability: [...new Set(availability)].sort(),
    minPrice,
    maxPrice,
  };
}

/** The list's canonical query: defaults are left out so a shared link stays short. */
export function serializeListQuery(query: ListQuery): URLSearchParams {
  const params = new URLSearchParams();
  if (query.sort !== 'featured') params.set('sort', query.sort);
  if (query.view !== 'grid') params.set('view', query.view);
  if (query.availability.length > 0) params.set('availability', query.availability.join(','));
  if (query.minPrice !== undefined) params.set('min', String(query.minPrice));
  if (query.maxPrice !== undefined) params.set('max', String(query.maxPrice));
  return params;
}

/** The account page's tabs, Profile (the page without a tab) first. */
export const PROFILE_TABS = ['profile', 'orders', 'wishlist'] as const satisfies ReadonlyArray<ProfileTab | 'profile'>;

/** `?tab=` as the account page reads it: anything unknown is Profile. */
export function profileTabOf(value: string | null): (typeof PROFILE_TABS)[number] {
  return (PROFILE_TABS as readonly string[]).includes(value ?? '') ? (value as (typeof PROFILE_TABS)[number]) : 'profile';
}

/** `?variant=` as a product page may read it: a variant id (the catalogue's are whole numbers); anything else is none. */
export function variantIdOf(value: string | null): string | undefined {
  return value !== null && /^[1-9]\d{0,2}$/.test(value) ? value : undefined;
}

/** Per page that reads its query, what it reads, in one spelling. */
const CANONICAL: Partial<Record<string, (params: URLSearchParams) => Record<string, string> | URLSearchParams>> = {
  [PAGE_PATHS.products]: (params) => serializeListQuery(parseListQuery(params)),
  [PAGE_PATHS.product]: (params): Record<string, string> => {
    const variant = variantIdOf(params.get('variant'));
    return variant ? { variant } : {};
  },
  [PAGE_PATHS.profile]: (params): Record<string, string> => {
    const tab = profileTabOf(params.get('tab'));
    return tab === 'profile' ? {} : { tab };
  },
};

/**
 * What of `query` (without its '?') changes the page of the route at `routePath` (PAGE_PATHS), in
 * one spelling; empty when nothing does: tracking parameters, parameters the page does not read
 * and values it ignores all drop out.
 */
export function canonicalQuery(routePath: string, query: string): string {
  const read = CANONICAL[routePath];
  return read ? new URLSearchParams(read(new URLSearchParams(query))).toString() : '';
}

/**
 * A cache's key for an address (as a CDN should keep it): the tracking parameters dropped, the
 * rest kept and sorted, so every campaign's visitors share one copy and no two views do.
 */
export function cacheKeyQuery(query: string): string {
  const kept = [...new URLSearchParams(query)].filter(([name]) => !isTrackingParameter(name));
  kept.sort(([a, aValue], [b, bValue]) => (a === b ? (aValue < bValue ? -1 : aValue > bValue ? 1 : 0) : a < b ? -1 : 1));
  return new URLSearchParams(kept).toString();
}
