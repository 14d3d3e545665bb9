import { alternateAddresses, homeOfBarePrefix, isLanguage, languageOfPath, pathInLanguage, routerBasename } from './languagePath';

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
    // Never another origin: a path read from a crafted address (`/vi//evil.example/`) stays the shop's.
    ['//evil.example/', 'en', '/evil.example/'],
    ['/\\evil.example/', 'en', '/evil.example/'],
    ['//evil.example/', 'vi', '/vi/evil.example/'],
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

describe('a bare prefix', () => {
  it.each([
    ['/vi', '/vi/'],
    ['/vi/', undefined],
    ['/', undefined],
    ['', undefined],
    ['/video', undefined],
  ])('%p is the home page %p', (address, home) => expect(homeOfBarePrefix(address)).toBe(home));
});

describe('the router within a language', () => {
  it.each([
    ['en', undefined],
    ['vi', '/vi/'],
  ] as const)('%s: basename %p', (language, basename) => expect(routerBasename(language)).toBe(basename));
});

describe('a language', () => {
  it.each([
    ['en', true],
    ['vi', true],
    ['fr', false],
    ['EN', false],
    ['hasOwnProperty', false],
    ['', false],
    [null, false],
    [undefined, false],
  ])('%p: %p', (value, expected) => expect(isLanguage(value)).toBe(expected));
});
