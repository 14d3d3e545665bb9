import type { Language } from '@maison/shared';
import type { ProductGroup } from '../catalog/products';

/** Search results show about this much of a description. */
const DESCRIPTION_LIMIT = 160;

/** The start of a text, whole sentences only, at most `limit` characters (a first sentence that is longer is cut at a word). */
export function summary(text: string, limit = DESCRIPTION_LIMIT): string {
  const sentences = text.match(/[^.!?]+[.!?]+(\s|$)/g) ?? [text];
  let result = '';
  for (const sentence of sentences) {
    if ((result + sentence).trim().length > limit) break;
    result += sentence;
  }
  if (result.trim()) return result.trim();
  const cut = text.slice(0, limit - 1);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(' '), 0) || cut.length).trim()}…`;
}

/**
 * A product as schema.org describes one, for search engines (JSON-LD): its name, description,
 * images, brand, and one offer per style with its price in dong and whether it is in stock.
 */
export function productStructuredData(product: ProductGroup, language: Language): Record<string, unknown> {
  return {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: product.name[language],
    description: product.description[language],
    image: product.images,
    brand: { '@type': 'Brand', name: 'Maison Khăn' },
    offers: product.variants.map((variant) => ({
      '@type': 'Offer',
      sku: variant.id,
      name: variant.style[language],
      price: variant.price,
      priceCurrency: 'VND',
      availability: variant.inStock ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock',
    })),
  };
}
