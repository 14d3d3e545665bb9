import { PRODUCT_GROUPS } from '../catalog/products';
import { productStructuredData, summary } from './productHead';

describe('a product page’s head', () => {
  it('describes a product in whole sentences, short enough for search results', () => {
    expect(summary('One. Two two. Three three three.', 14)).toBe('One. Two two.');
    expect(summary('Short.', 160)).toBe('Short.');
    expect(summary('A first sentence that is far too long to fit', 20)).toBe('A first sentence…');
    for (const product of PRODUCT_GROUPS) {
      for (const language of ['en', 'vi'] as const) {
        const text = summary(product.description[language]);
        expect(text.length).toBeLessThanOrEqual(160);
        expect(product.description[language].startsWith(text.replace(/…$/, ''))).toBe(true);
      }
    }
  });

  it('gives search engines the product with one offer per style: price in dong, availability', () => {
    const lake = PRODUCT_GROUPS.find(({ slug }) => slug === 'hoan-kiem-lake-handkerchief')!;
    const data = productStructuredData(lake, 'vi');
    expect(data).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'Product',
      name: 'Khăn tay Hồ Hoàn Kiếm',
      brand: { '@type': 'Brand', name: 'Maison Khăn' },
      image: lake.images,
    });
    expect(data.offers).toEqual(
      lake.variants.map((variant) => ({
        '@type': 'Offer',
        sku: variant.id,
        name: variant.style.vi,
        price: variant.price,
        priceCurrency: 'VND',
        availability: variant.inStock ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock',
      })),
    );
    expect((data.offers as Array<{ price: number }>).map(({ price }) => price)).toEqual([10000, 20000, 35000]);
  });

  it('says when a style is sold out', () => {
    const lake = PRODUCT_GROUPS[0]!;
    const oneSoldOut = { ...lake, variants: lake.variants.map((variant, index) => ({ ...variant, inStock: index !== 1 })) };
    const offers = productStructuredData(oneSoldOut, 'en').offers as Array<{ availability: string }>;
    expect(offers.map(({ availability }) => availability)).toEqual([
      'https://schema.org/InStock',
      'https://schema.org/OutOfStock',
      'https://schema.org/InStock',
    ]);
  });
});
