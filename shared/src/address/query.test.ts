/** What an address's query says: the list's view as its page reads it, and each page's canonical query. */
import {
  cacheKeyQuery,
  canonicalQuery,
  DEFAULT_LIST_QUERY,
  isTrackingParameter,
  isValidPriceText,
  parseListQuery,
  profileTabOf,
  serializeListQuery,
  variantIdOf,
} from './query.ts';

describe('the product list’s query, as its page reads it', () => {
  it('reads a full query', () => {
    expect(parseListQuery(new URLSearchParams('sort=price-desc&view=list&availability=in&min=10000&max=30000'))).toEqual({
      sort: 'price-desc',
      view: 'list',
      availability: ['in'],
      minPrice: 10000,
      maxPrice: 30000,
    });
  });

  it('falls back to defaults for junk', () => {
    expect(parseListQuery(new URLSearchParams('sort=zzz&min=abc&max=-5&view=table&availability=maybe'))).toEqual({
      ...DEFAULT_LIST_QUERY,
      minPrice: undefined,
      maxPrice: undefined,
    });
  });

  it('swaps a reversed price range', () => {
    expect(parseListQuery(new URLSearchParams('min=30000&max=10000'))).toMatchObject({ minPrice: 10000, maxPrice: 30000 });
  });

  it('reads prices by the same rule as the price form: whole dong only', () => {
    expect(parseListQuery(new URLSearchParams('min=10000.5&max=2e4'))).toMatchObject({ minPrice: undefined, maxPrice: undefined });
    expect(parseListQuery(new URLSearchParams('min=%2B5&max=%2020000%20'))).toMatchObject({ minPrice: undefined, maxPrice: 20000 });
    expect([' ', '0', '10000'].every(isValidPriceText)).toBe(true);
    expect(['10000.5', '-1', 'abc', '1e4', '99999999999999999999'].some(isValidPriceText)).toBe(false);
  });

  it('round-trips through the canonical query, leaving defaults out', () => {
    const query = parseListQuery(new URLSearchParams('availability=out,in&min=5000'));
    expect(serializeListQuery(query).toString()).toBe('availability=in%2Cout&min=5000');
    expect(serializeListQuery(DEFAULT_LIST_QUERY).toString()).toBe('');
  });
});

describe('the other pages’ queries', () => {
  it.each([
    ['orders', 'orders'],
    ['wishlist', 'wishlist'],
    ['profile', 'profile'],
    ['Orders', 'profile'],
    ['', 'profile'],
    [null, 'profile'],
  ])('the account’s tab %p is %s', (value, tab) => expect(profileTabOf(value)).toBe(tab));

  it.each([
    ['3', '3'],
    ['10', '10'],
    ['0', undefined],
    ['03', undefined],
    ['1234', undefined],
    ['x', undefined],
    [null, undefined],
  ])('the variant %p is %p', (value, variant) => expect(variantIdOf(value)).toBe(variant));
});

describe('an address’s canonical query: only what its page reads, in one spelling', () => {
  it.each([
    // Tracking parameters change nothing, on any page.
    ['/products', 'utm_source=newsletter', ''],
    ['/products', 'gclid=abc&fbclid=def&msclkid=g&srsltid=h&mc_cid=1&mc_eid=2', ''],
    ['/products/:slug', 'utm_campaign=tet', ''],
    ['/about', 'utm_source=x&sort=price-asc', ''],
    // What the list reads, whatever else comes with it.
    ['/products', 'utm_source=a&sort=price-asc', 'sort=price-asc'],
    ['/products', 'availability=out&availability=in&sort=name-desc&view=list', 'sort=name-desc&view=list&availability=in%2Cout'],
    ['/products', 'max=10000&min=30000', 'min=10000&max=30000'],
    ['/products', 'min=%2000010%20', 'min=10'],
    // Junk reads as the page reads it: as nothing.
    ['/products', 'sort=zzz&view=table&min=abc&availability=maybe', ''],
    ['/products', 'sort=featured&view=grid', ''],
    [`/products`, `sort=${'x'.repeat(8000)}`, ''],
    ['/products/:slug', 'variant=6&utm_source=a', 'variant=6'],
    ['/products/:slug', 'variant=99999', ''],
    ['/profile', 'tab=orders&utm_medium=email', 'tab=orders'],
    ['/profile', 'tab=profile', ''],
    ['/profile', 'tab=settings', ''],
  ])('%s ? %s → %p', (route, query, canonical) => expect(canonicalQuery(route, query)).toBe(canonical));

  it('turns 10,000 distinct junk values into one address', () => {
    const canonical = new Set(Array.from({ length: 10_000 }, (_, index) => canonicalQuery('/products', `sort=junk${index}&q=${index}`)));
    expect([...canonical]).toEqual(['']);
  });
});

describe('a cache’s key for an address', () => {
  it.each([
    ['utm_source=a', ''],
    ['utm_source=b&UTM_Medium=c&gclid=x', ''],
    ['view=list&sort=price-asc&utm_source=a', 'sort=price-asc&view=list'],
    ['sort=price-asc&view=list', 'sort=price-asc&view=list'],
    ['ref=friend&fbclid=1', 'ref=friend'],
  ])('%p keeps %p', (query, key) => expect(cacheKeyQuery(query)).toBe(key));

  it.each(['utm_source', 'utm_whatever', 'gclid', 'GCLID', 'srsltid', 'mc_eid'])('%s is a tracking parameter', (name) =>
    expect(isTrackingParameter(name)).toBe(true),
  );
  it.each(['sort', 'tab', 'variant', 'min', 'ref'])('%s is not', (name) => expect(isTrackingParameter(name)).toBe(false));
});
