import { addressForChoice, alternateAddresses, languageOfPath, pathInLanguage } from './languagePath';

describe('an address per language', () => {
  it.each([
    ['/', 'en', '/'],
    ['/products/hoi-an-handkerchief', 'en', '/products/hoi-an-handkerchief'],
    ['/vi/', 'vi', '/'],
    ['/vi', 'vi', '/'],
    ['/vi/products', 'vi', '/products'],
    ['/vi/products/hoi-an-handkerchief', 'vi', '/products/hoi-an-handkerchief'],
    // Only the prefix itself: /video is an English path, /VI/ is not the Vietnamese shop.
    ['/video', 'en', '/video'],
    ['/vip/x', 'en', '/vip/x'],
    ['/VI/products', 'en', '/VI/products'],
    ['/vi//products', 'vi', '//products'],
  ])('%s is %s, path %s', (address, language, path) => expect(languageOfPath(address)).toEqual({ language, path }));

  it.each([
    ['/', 'en', '/'],
    ['/', 'vi', '/vi/'],
    ['/products', 'vi', '/vi/products'],
    ['/cart', 'en', '/cart'],
  ])('%s in %s is %s', (path, language, address) => expect(pathInLanguage(path, language as 'en' | 'vi')).toBe(address));

  it('reads back what it writes', () => {
    for (const path of ['/', '/products', '/products/x', '/checkout'])
      for (const language of ['en', 'vi'] as const) expect(languageOfPath(pathInLanguage(path, language))).toEqual({ language, path });
  });
});

describe('what search engines are told', () => {
  it('names the page in every language, and the root language’s as x-default', () => {
    expect(alternateAddresses('/products', 'https://shop.example.com')).toEqual([
      { hreflang: 'en', href: 'https://shop.example.com/products' },
      { hreflang: 'vi', href: 'https://shop.example.com/vi/products' },
      { hreflang: 'x-default', href: 'https://shop.example.com/products' },
    ]);
    expect(alternateAddresses('/', 'https://shop.example.com').map(({ href }) => href)).toEqual([
      'https://shop.example.com/',
      'https://shop.example.com/vi/',
      'https://shop.example.com/',
    ]);
  });
});

describe('a stored choice of language', () => {
  const at = (pathname: string, search = '', hash = '') => ({ pathname, search, hash });
  it.each([
    [at('/products', '?sort=price-asc', '#top'), 'vi', '/vi/products?sort=price-asc#top'],
    [at('/'), 'vi', '/vi/'],
    [at('/vi/cart'), 'en', '/cart'],
    [at('/vi/'), 'en', '/'],
    [at('/vi/products'), 'vi', undefined],
    [at('/products'), 'en', undefined],
    [at('/products'), null, undefined],
    [at('/products'), 'fr', undefined],
    [at('/products'), 'hasOwnProperty', undefined],
  ])('at %j, having chosen %p, goes to %p', (location, chosen, expected) => expect(addressForChoice(location, chosen)).toBe(expected));
});
