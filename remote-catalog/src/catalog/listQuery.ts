import type { Language } from '@maison/shared';
import { LOCALE_OF } from '@maison/shared';
import { isInStock, type ProductGroup } from './products';

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

/** Junk values fall back to defaults one by one (`?sort=zzz&min=abc` is the plain list). */
export function parseListQuery(params: URLSearchParams): ListQuery {
  const sort = params.get('sort');
  const view = params.get('view');
  const availability = params
    .getAll('availability')
    .flatMap((value) => value.split(','))
    .filter((value): value is Availability => value === 'in' || value === 'out');
  const [minPrice, maxPrice] = orderedPriceRange(parsePrice(params.get('min')), parsePrice(params.get('max')));
  return {
    sort: (SORT_OPTIONS as readonly string[]).includes(sort ?? '') ? (sort as SortOption) : 'featured',
    view: view === 'list' ? 'list' : 'grid',
    availability: [...new Set(availability)].sort(),
    minPrice,
    maxPrice,
  };
}

/** The canonical query: defaults are left out so a shared link stays short. */
export function serializeListQuery(query: ListQuery): URLSearchParams {
  const params = new URLSearchParams();
  if (query.sort !== 'featured') params.set('sort', query.sort);
  if (query.view !== 'grid') params.set('view', query.view);
  if (query.availability.length > 0) params.set('availability', query.availability.join(','));
  if (query.minPrice !== undefined) params.set('min', String(query.minPrice));
  if (query.maxPrice !== undefined) params.set('max', String(query.maxPrice));
  return params;
}

export function hasActiveFilters(query: ListQuery): boolean {
  return query.availability.length > 0 || query.minPrice !== undefined || query.maxPrice !== undefined;
}

/** A product is within a price range when any of its variants is. */
function matchesPrice(product: ProductGroup, min = 0, max = Number.POSITIVE_INFINITY): boolean {
  return product.variants.some((variant) => variant.price >= min && variant.price <= max);
}

function matchesAvailability(product: ProductGroup, availability: Availability[]): boolean {
  if (availability.length === 0) return true;
  return availability.includes(isInStock(product) ? 'in' : 'out');
}

export function filterProducts(products: readonly ProductGroup[], query: ListQuery): ProductGroup[] {
  return products.filter(
    (product) => matchesAvailability(product, query.availability) && matchesPrice(product, query.minPrice, query.maxPrice),
  );
}

/** Counts for the AVAILABILITY options, under the current price filter. */
export function availabilityCounts(products: readonly ProductGroup[], query: ListQuery): Record<Availability, number> {
  const priced = filterProducts(products, { ...query, availability: [] });
  const inStock = priced.filter(isInStock).length;
  return { in: inStock, out: priced.length - inStock };
}

/** Price sorts use the lowest price and are stable (ties keep Featured order); names use the language's collation. */
export function sortProducts(products: readonly ProductGroup[], sort: SortOption, language: Language): ProductGroup[] {
  const collator = new Intl.Collator(LOCALE_OF[language], { sensitivity: 'base' });
  const ranked = products.map((product, index) => ({ product, index }));
  const byIndex = (a: { index: number }, b: { index: number }) => a.index - b.index;
  const compare: Record<SortOption, (a: (typeof ranked)[number], b: (typeof ranked)[number]) => number> = {
    featured: byIndex,
    'price-asc': (a, b) => a.product.basePriceNumeric - b.product.basePriceNumeric || byIndex(a, b),
    'price-desc': (a, b) => b.product.basePriceNumeric - a.product.basePriceNumeric || byIndex(a, b),
    'name-asc': (a, b) => collator.compare(a.product.name[language], b.product.name[language]) || byIndex(a, b),
    'name-desc': (a, b) => collator.compare(b.product.name[language], a.product.name[language]) || byIndex(a, b),
  };
  return [...ranked].sort(compare[sort]).map(({ product }) => product);
}
