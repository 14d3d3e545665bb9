import { foldForSearch, type Language } from '@maison/shared';
import type { ProductGroup } from './products';

/**
 * Case-insensitive substring match on the product name in the current language; in
 * Vietnamese also diacritic-insensitive. An empty query matches nothing.
 */
export function searchProducts(products: readonly ProductGroup[], query: string, language: Language): ProductGroup[] {
  const trimmed = query.trim();
  if (trimmed === '') return [];
  if (language === 'vi') {
    const needle = foldForSearch(trimmed);
    return products.filter((product) => foldForSearch(product.name.vi).includes(needle));
  }
  const needle = trimmed.toLowerCase();
  return products.filter((product) => product.name.en.toLowerCase().includes(needle));
}
