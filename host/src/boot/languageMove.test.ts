/** @jest-environment jsdom */
import { LANGUAGE_STORAGE_KEY } from '@maison/shared/address';
import { MOVING_ATTRIBUTE, moveToChosenLanguage } from './languageMove';

/** The page at `address` with `chosen` stored (or storage that cannot be reached): where it moves, if anywhere. */
function moveFrom(address: string, chosen: string | null | 'no storage') {
  document.documentElement.removeAttribute(MOVING_ATTRIBUTE);
  const { pathname, search, hash } = new URL(address, 'https://shop.example.com');
  const replace = jest.fn<void, [string]>();
  const win = {
    document,
    location: { pathname, search, hash, replace } as unknown as Location,
    get localStorage(): Storage {
      if (chosen === 'no storage') throw new DOMException('denied', 'SecurityError');
      return { getItem: (key: string) => (key === LANGUAGE_STORAGE_KEY ? chosen : null) } as Storage;
    },
  };
  const moves = moveToChosenLanguage(win);
  expect(replace).toHaveBeenCalledTimes(moves ? 1 : 0);
  expect(document.documentElement.hasAttribute(MOVING_ATTRIBUTE)).toBe(moves);
  return replace.mock.calls[0]?.[0];
}

describe('the boot script and a stored choice of language', () => {
  it.each([
    ['/products?sort=price-asc#top', 'vi', '/vi/products?sort=price-asc#top'],
    ['/', 'vi', '/vi/'],
    ['/video', 'vi', '/vi/video'],
    ['/vi/', 'en', '/'],
    ['/vi', 'en', '/'],
    ['/vi/cart', 'en', '/cart'],
    ['/vi/products/hoi-an-handkerchief', 'vi', undefined],
    ['/products', 'en', undefined],
    ['/products', null, undefined],
    ['/products', 'fr', undefined],
    ['/products', 'no storage', undefined],
  ])('at %s having chosen %p: moves to %p, unpainted', (address, chosen, expected) => expect(moveFrom(address, chosen)).toBe(expected));
});
