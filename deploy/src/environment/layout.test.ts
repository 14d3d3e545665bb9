import { notFoundFileOf, pageFileOf, withoutTrailingSlashes } from './layout.ts';

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
