import { CATALOG_VARIANTS, type CatalogVariant } from './variants';
import { findProductByVariantId, groupVariants, relatedProducts, slugify, PRODUCT_GROUPS } from './products';

const url = (file: string) => `/img/${file}`;

describe('slugify', () => {
  it.each([
    ['Hoan Kiem Lake Handkerchief', 'hoan-kiem-lake-handkerchief'],
    ['One Pillar Pagoda Handkerchief', 'one-pillar-pagoda-handkerchief'],
    ['  Silk   Scarf ', 'silk-scarf'],
    ["Lady's Scarf (Red) & Co.", 'ladys-scarf-red--co'],
  ])('%s → %s', (name, slug) => {
    expect(slugify(name)).toBe(slug);
  });
});

describe('the catalogue', () => {
  it('has the original shop’s 10 variants, ids 1 to 10', () => {
    expect(CATALOG_VARIANTS.map((variant) => variant.id)).toEqual(['1', '2', '3', '4', '5', '6', '7', '8', '9', '10']);
  });

  it('groups them into four products in catalogue order with the original shop’s prices', () => {
    expect(PRODUCT_GROUPS.map((group) => [group.slug, group.variants.map((variant) => variant.price)])).toEqual([
      ['hoan-kiem-lake-handkerchief', [10000, 20000, 35000]],
      ['one-pillar-pagoda-handkerchief', [8000]],
      ['hoi-an-handkerchief', [15000, 22000, 50000]],
      ['dragon-bridge-handkerchief', [15000, 22000, 50000]],
    ]);
  });

  it('gives every variant its own image', () => {
    const images = PRODUCT_GROUPS.flatMap((group) => group.images);
    expect(new Set(images).size).toBe(10);
  });
});

describe('groupVariants', () => {
  const variant = (over: Partial<CatalogVariant>): CatalogVariant => ({ ...CATALOG_VARIANTS[0]!, ...over });
  const groups = groupVariants(
    [
      variant({ id: 'a', name: 'Alpha', price: 30, imageFile: 'a.svg' }),
      variant({ id: 'b', name: 'Beta', price: 5, imageFile: 'b.svg' }),
      variant({ id: 'c', name: 'Alpha', price: 10, imageFile: 'c.svg' }),
      variant({ id: 'd', name: 'Alpha', price: 10, imageFile: 'c.svg' }),
    ],
    url,
  );

  it('keeps first-appearance order of names', () => {
    expect(groups.map((group) => group.slug)).toEqual(['alpha', 'beta']);
  });

  it('sorts variants by price, stable for equal prices', () => {
    expect(groups[0]!.variants.map((v) => v.id)).toEqual(['c', 'd', 'a']);
  });

  it('takes the lowest price, the cheapest image and distinct images', () => {
    expect(groups[0]).toMatchObject({
      basePriceNumeric: 10,
      primaryImage: '/img/c.svg',
      images: ['/img/c.svg', '/img/a.svg'],
      hasPriceRange: true,
    });
  });

  it('has no price range for a single variant', () => {
    expect(groups[1]).toMatchObject({ basePriceNumeric: 5, hasPriceRange: false, images: ['/img/b.svg'] });
  });
});

describe('lookups', () => {
  it('finds a product by any variant id', () => {
    expect(findProductByVariantId('9')?.product.slug).toBe('dragon-bridge-handkerchief');
    expect(findProductByVariantId('11')).toBeUndefined();
  });

  it('suggests up to three other products, never the current one', () => {
    const related = relatedProducts('hoi-an-handkerchief');
    expect(related).toHaveLength(3);
    expect(related.map((group) => group.slug)).not.toContain('hoi-an-handkerchief');
  });
});
