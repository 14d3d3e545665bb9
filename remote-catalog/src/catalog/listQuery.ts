import { LOCALE_OF, type Availability, type Language, type ListQuery, type SortOption } from '@maison/shared';
import { isInStock, type ProductGroup } from './products';

/**
 * The product list's rules over the catalogue: filtering, counts, sorting. What the list's query
 * says (its parameters, read and written) is the shop's address module's (@maison/shared): the
 * servers read it too, to render a shared list as it asks.
 */
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
