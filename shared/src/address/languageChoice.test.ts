import { addressForChoice, LANGUAGE_STORAGE_KEY, storedLanguage } from './languageChoice';

describe('the stored choice', () => {
  const storing = (value: string | null) => () => ({ getItem: (key: string) => (key === LANGUAGE_STORAGE_KEY ? value : null) });
  it.each([
    ['vi', 'vi'],
    ['en', 'en'],
    ['fr', undefined],
    ['hasOwnProperty', undefined],
    [null, undefined],
  ])('stored %p: %p', (stored, expected) => expect(storedLanguage(storing(stored))).toBe(expected));

  it('is none when storage cannot be reached or read', () => {
    expect(storedLanguage(() => undefined)).toBeUndefined();
    const denied = () => {
      throw new Error('SecurityError');
    };
    expect(storedLanguage(denied)).toBeUndefined();
    expect(storedLanguage(() => ({ getItem: denied }))).toBeUndefined();
  });
});

describe('a stored choice of language', () => {
  const at = (pathname: string, search = '', hash = '') => ({ pathname, search, hash });
  it.each([
    [at('/products', '?sort=price-asc', '#top'), 'vi', '/vi/products?sort=price-asc#top'],
    [at('/'), 'vi', '/vi/'],
    [at('/vi/cart'), 'en', '/cart'],
    [at('/vi/'), 'en', '/'],
    [at('/vi'), 'en', '/'],
    [at('/video'), 'vi', '/vi/video'],
    [at('/vi/products'), 'vi', undefined],
    [at('/products'), 'en', undefined],
    [at('/products'), null, undefined],
    [at('/products'), undefined, undefined],
    [at('/products'), 'fr', undefined],
    [at('/products'), 'hasOwnProperty', undefined],
    // A crafted shop link never carries the shopper off the shop.
    [at('/vi//evil.example/'), 'en', '/evil.example/'],
    [at('/vi/\\evil.example/'), 'en', '/evil.example/'],
    [at('/vi//evil.example/', '?a=1', '#//x'), 'en', '/evil.example/?a=1#//x'],
    [at('//evil.example/'), 'vi', '/vi/evil.example/'],
  ])('at %j, having chosen %p, goes to %p', (location, chosen, expected) => expect(addressForChoice(location, chosen)).toBe(expected));
});
