import { normalPath, sameOriginPath } from './sameOrigin';

/** A path of this origin: one slash, then anything but a slash, a backslash or a control character. */
// eslint-disable-next-line no-control-regex -- control characters are what it finds
const isSameOriginPath = (address: string) => /^\/(?![/\\])/.test(address) && !/[\u0000-\u001f\u007f]/.test(address);

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
    ['/\\evil.example', '/evil.example'],
    ['/\tproducts', '/products'],
  ])('%j is %j', (address, path) => expect(sameOriginPath(address)).toBe(path));
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
    ['/products/kh%c4%83n', '/products/kh%c4%83n'],
    ['/%0a', '/%0a'],
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
