import { isSameOriginPath, normalPath, sameOriginPath } from './sameOrigin';

/** Where a browser would go from a page of https://shop.example with `location.replace(address)`. */
const resolved = (address: string) => new URL(address, 'https://shop.example/vi/products');

const HOSTILE = [
  '//evil.example/',
  '///evil.example/',
  '/\\evil.example/',
  '\\\\evil.example/',
  '\\/evil.example/',
  '/%2F/evil.example/',
  '/%2f%2fevil.example/',
  '/%5Cevil.example/',
  '/%5c%5cevil.example',
  '/\t/evil.example/',
  '/\n/evil.example/',
  '\u0000//evil.example/',
  '/\u001f/evil.example',
  '/../../evil.example/',
  '/..//evil.example/',
  '/%2e%2e//evil.example/',
  '/./\\evil.example',
  'https://evil.example/',
  'javascript:alert(1)',
  ' //evil.example',
  '',
  '?//evil.example',
  '#//evil.example',
];

describe('a path of the shop', () => {
  it.each(HOSTILE)('%j stays on the shop’s origin', (hostile) => {
    const address = sameOriginPath(hostile);
    expect(isSameOriginPath(address)).toBe(true);
    expect(resolved(address).origin).toBe('https://shop.example');
  });

  it.each([
    ['/products', '/products'],
    ['/products/', '/products/'],
    ['/products/hoi-an-handkerchief?variant=2#top', '/products/hoi-an-handkerchief?variant=2#top'],
    ['products', '/products'],
    ['//evil.example/x?a=//b', '/evil.example/x?a=//b'],
    ['/a/../b', '/b'],
    ['/\tproducts', '/products'],
  ])('%j is %j', (address, path) => expect(sameOriginPath(address)).toBe(path));

  it.each([
    ['/products', true],
    ['/', true],
    ['/products?x=//y', true],
    ['//evil.example', false],
    ['/\\evil.example', false],
    ['products', false],
    ['/a\tb', false],
    ['', false],
  ])('%j is a path of the shop: %p', (address, expected) => expect(isSameOriginPath(address)).toBe(expected));
});

describe('the normal form of a path (what a cache reads)', () => {
  it.each([
    ['/', '/'],
    ['/products', '/products'],
    ['/products/', '/products/'],
    ['//products', '/products'],
    ['/products//hoi-an-handkerchief', '/products/hoi-an-handkerchief'],
    ['/products//', '/products/'],
    ['/vi//evil.example/', '/vi/evil.example/'],
    ['/vi/\\evil.example/', '/vi/evil.example/'],
    ['/vi/%5Cevil.example/', '/vi/evil.example/'],
    ['/products%2Fhoi-an-handkerchief', '/products/hoi-an-handkerchief'],
    ['/%70roducts', '/products'],
    ['/products/%7Ex', '/products/~x'],
    ['/products/kh%c4%83n', '/products/kh%C4%83n'],
    ['/products/%252e%252e', '/products/%252e%252e'],
    ['/products/%20x', '/products/%20x'],
    ['/a/./b/../products', '/a/products'],
    ['/a/%2e%2e/products', '/products'],
    ['/products/..', '/'],
    ['/..', '/'],
  ])('%j is %j', (path, normal) => expect(normalPath(path)).toBe(normal));

  it('is its own normal form', () => {
    for (const path of ['/vi//x', '/%70', '/a/%2e/b//', '/\\\\x', '/kh%c4%83n'])
      expect(normalPath(normalPath(path))).toBe(normalPath(path));
  });
});
