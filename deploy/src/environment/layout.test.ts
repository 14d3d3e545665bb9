import { notFoundFileOf, pageFileOf, withoutTrailingSlashes } from './layout.ts';
import { siteOriginOf } from './site.ts';

describe('rendered page files', () => {
  it.each([
    ['/', 'index.html'],
    ['/products', 'products.html'],
    ['/products/', 'products.html'],
    ['/products/hoi-an-handkerchief', 'products/hoi-an-handkerchief.html'],
    ['/about//', 'about.html'],
    // The router shows the home page there too.
    ['//', 'index.html'],
  ])('%s is %s', (pathname, file) => expect(pageFileOf(pathname)).toBe(file));

  it.each(['/Products', '/products/x.json', '/%0a', '/products/../etc', '/a b', '/_not-found', `/${'a/'.repeat(400)}`])(
    '%s never has a file (its route is answered another way)',
    (pathname) => expect(pageFileOf(pathname)).toBeUndefined(),
  );

  it('keeps not-found pages where no path can reach them', () => {
    expect(notFoundFileOf('product-not-found')).toBe('_product-not-found.html');
    expect(pageFileOf('/_product-not-found')).toBeUndefined();
  });

  it.each([
    ['/', '/'],
    ['//', '/'],
    ['/a///', '/a'],
    ['/a/b', '/a/b'],
  ])('%s without its trailing slashes is %s', (pathname, trimmed) => expect(withoutTrailingSlashes(pathname)).toBe(trimmed));
});

describe("the shop's public origin", () => {
  it.each([
    ['https://shop.example.com', { origin: 'https://shop.example.com' }],
    ['https://shop.example.com/', { origin: 'https://shop.example.com' }],
    ['http://localhost:3000', { origin: 'http://localhost:3000' }],
    ['https://shop.example.com/en', { problem: 'is more than an origin (no path, query or fragment)' }],
    ['https://shop.example.com/?a=1', { problem: 'is more than an origin (no path, query or fragment)' }],
    ['ftp://shop.example.com', { problem: 'is not an http(s) URL' }],
    ['shop.example.com', { problem: 'is not a URL' }],
    ['https://*.example.com', { problem: 'has a host the policy cannot name ("*.example.com"): only letters, digits, hyphens and dots' }],
    [42, { problem: 'is not text' }],
  ])('%p: %p', (value, expected) => expect(siteOriginOf(value)).toEqual(expected));
});
