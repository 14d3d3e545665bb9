/**
 * start.js moves a page to the shopper's chosen language before it is painted: it must go where
 * the shop's own rule (addressForChoice, shared/src/i18n/languagePath.ts) says, for every case.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { runInNewContext } from 'node:vm';
import { addressForChoice, LANGUAGE_PATH_PREFIX, LANGUAGE_STORAGE_KEY } from '@maison/shared';

const START_SCRIPT = readFileSync(path.join(__dirname, 'start.js'), 'utf8');

/** Runs start.js at `address` with `chosen` stored; returns where it moved the page, if anywhere. */
function moveFrom(address: string, chosen: string | null): string | undefined {
  const url = new URL(address, 'https://shop.example.com');
  let movedTo: string | undefined;
  const attributes: Record<string, string> = {
    'data-languages': JSON.stringify(LANGUAGE_PATH_PREFIX),
    'data-language-key': LANGUAGE_STORAGE_KEY,
  };
  // Anything start.js does after deciding not to move is done to something that ignores it.
  const anything: object = new Proxy(function () {}, { get: () => anything, apply: () => anything, construct: () => anything });
  const document = new Proxy(
    {
      // A blocking script in the head runs while the document is still loading.
      readyState: 'loading',
      currentScript: { getAttribute: (name: string) => attributes[name] ?? null },
      documentElement: { setAttribute() {}, getAttribute: () => null },
    },
    { get: (target, key) => (key in target ? target[key as keyof typeof target] : anything) },
  );
  const window = new Proxy(
    {
      localStorage: { getItem: (key: string) => (key === LANGUAGE_STORAGE_KEY ? chosen : null) },
      location: { pathname: url.pathname, search: url.search, hash: url.hash, replace: (to: string) => (movedTo = to) },
    },
    { get: (target, key) => (key in target ? target[key as keyof typeof target] : anything) },
  );
  runInNewContext(START_SCRIPT, { document, window, requestAnimationFrame: () => 0, setTimeout: () => 0, PerformanceObserver: anything });
  return movedTo;
}

describe('the page’s first script and a stored choice of language', () => {
  it.each([
    ['/products?sort=price-asc#top', 'vi'],
    ['/', 'vi'],
    ['/vi/', 'en'],
    ['/vi', 'en'],
    ['/vi/cart', 'en'],
    ['/vi/products/hoi-an-handkerchief', 'vi'],
    ['/products', 'en'],
    ['/products', null],
    ['/products', 'fr'],
    ['/video', 'vi'],
  ])('at %s having chosen %p: where addressForChoice says', (address, chosen) => {
    const url = new URL(address, 'https://shop.example.com');
    expect(moveFrom(address, chosen)).toBe(addressForChoice(url, chosen));
  });
});
