import { CATALOG_VARIANTS } from './variants';
import { groupVariants, PRODUCT_GROUPS } from './products';
import { DEFAULT_LIST_QUERY } from '@maison/shared';
import { availabilityCounts, filterProducts, sortProducts } from './listQuery';

const slugs = (groups: { slug: string }[]) => groups.map((group) => group.slug);

describe('sortProducts', () => {
  it('Featured keeps catalogue order', () => {
    expect(slugs(sortProducts(PRODUCT_GROUPS, 'featured', 'en'))).toEqual([
      'hoan-kiem-lake-handkerchief',
      'one-pillar-pagoda-handkerchief',
      'hoi-an-handkerchief',
      'dragon-bridge-handkerchief',
    ]);
  });

  it('sorts by lowest price, keeping Featured order for ties (Hoi An before Dragon Bridge at 15,000)', () => {
    expect(slugs(sortProducts(PRODUCT_GROUPS, 'price-asc', 'en'))).toEqual([
      'one-pillar-pagoda-handkerchief',
      'hoan-kiem-lake-handkerchief',
      'hoi-an-handkerchief',
      'dragon-bridge-handkerchief',
    ]);
    expect(slugs(sortProducts(PRODUCT_GROUPS, 'price-desc', 'en'))).toEqual([
      'hoi-an-handkerchief',
      'dragon-bridge-handkerchief',
      'hoan-kiem-lake-handkerchief',
      'one-pillar-pagoda-handkerchief',
    ]);
  });

  it('sorts English names A-Z and Z-A', () => {
    expect(slugs(sortProducts(PRODUCT_GROUPS, 'name-asc', 'en'))).toEqual([
      'dragon-bridge-handkerchief',
      'hoan-kiem-lake-handkerchief',
      'hoi-an-handkerchief',
      'one-pillar-pagoda-handkerchief',
    ]);
    expect(slugs(sortProducts(PRODUCT_GROUPS, 'name-desc', 'en'))[0]).toBe('one-pillar-pagoda-handkerchief');
  });

  it('sorts Vietnamese names with Vietnamese collation (Cầu, Chùa, Hồ, Hội)', () => {
    expect(sortProducts(PRODUCT_GROUPS, 'name-asc', 'vi').map((group) => group.name.vi)).toEqual([
      'Khăn tay Cầu Rồng',
      'Khăn tay Chùa Một Cột',
      'Khăn tay Hồ Hoàn Kiếm',
      'Khăn tay Hội An',
    ]);
  });

  it('does not mutate its input', () => {
    const input = [...PRODUCT_GROUPS];
    sortProducts(input, 'price-desc', 'en');
    expect(input).toEqual(PRODUCT_GROUPS);
  });
});

describe('filters', () => {
  const withSoldOut = groupVariants(
    CATALOG_VARIANTS.map((variant) => (variant.name.startsWith('One Pillar') ? { ...variant, inStock: false } : variant)),
    (file) => file,
  );

  it('filters by availability and counts both options', () => {
    const query = { ...DEFAULT_LIST_QUERY, availability: ['out' as const] };
    expect(slugs(filterProducts(withSoldOut, query))).toEqual(['one-pillar-pagoda-handkerchief']);
    expect(availabilityCounts(withSoldOut, DEFAULT_LIST_QUERY)).toEqual({ in: 3, out: 1 });
  });

  it('keeps a product when any of its variants is within the price range', () => {
    const query = { ...DEFAULT_LIST_QUERY, minPrice: 40000, maxPrice: 60000 };
    expect(slugs(filterProducts(PRODUCT_GROUPS, query))).toEqual(['hoi-an-handkerchief', 'dragon-bridge-handkerchief']);
  });

  it('includes both ends of the range', () => {
    expect(slugs(filterProducts(PRODUCT_GROUPS, { ...DEFAULT_LIST_QUERY, minPrice: 8000, maxPrice: 8000 }))).toEqual([
      'one-pillar-pagoda-handkerchief',
    ]);
  });

  it('counts availability under the price filter', () => {
    expect(availabilityCounts(withSoldOut, { ...DEFAULT_LIST_QUERY, maxPrice: 9000 })).toEqual({ in: 0, out: 1 });
  });
});
