/**
 * Each language has its own addresses: English at the root (`/products`), Vietnamese under
 * `/vi/` (`/vi/products`, the home page `/vi/`). A page's address says its language, for everyone
 * (a crawler, a cache, a shopper), so the same address is always the same page. The router, the
 * renderer, the servers and the page's first script all read addresses with these functions.
 * Node runs this file as it is: type-only imports, only TypeScript that erases.
 */
import type { Language } from '../types';

/** The path each language's addresses start with. */
export const LANGUAGE_PATH_PREFIX: Readonly<Record<Language, string>> = { en: '', vi: '/vi' };

/** The language of the addresses that have no prefix, and of `x-default` for search engines. */
export const ROOT_LANGUAGE: Language = 'en';

/** Where the shopper's choice of language is kept (local storage), as the original shop kept it. */
export const LANGUAGE_STORAGE_KEY = 'language';

const PREFIXED = (Object.entries(LANGUAGE_PATH_PREFIX) as Array<[Language, string]>).filter(([, prefix]) => prefix !== '');

/** An address's language, and the path it names within that language (`/vi/products` → vi, `/products`). */
export function languageOfPath(pathname: string): { language: Language; path: string } {
  for (const [language, prefix] of PREFIXED) {
    if (pathname === prefix) return { language, path: '/' };
    if (pathname.startsWith(`${prefix}/`)) return { language, path: pathname.slice(prefix.length) };
  }
  return { language: ROOT_LANGUAGE, path: pathname };
}

/**
 * A language's router basename: its prefix with a slash (`/vi/`), so that its home page is `/vi/`
 * as every link to it says; none for the root language.
 */
export function routerBasename(language: Language): string | undefined {
  const prefix = LANGUAGE_PATH_PREFIX[language];
  return prefix ? `${prefix}/` : undefined;
}

/** The address of a path in a language (`/products`, vi → `/vi/products`; `/`, vi → `/vi/`). */
export function pathInLanguage(path: string, language: Language): string {
  return `${LANGUAGE_PATH_PREFIX[language]}${path}`;
}

/** A path's address in every language (Object order: the root language first), and `x-default`: what search engines are told. */
export function alternateAddresses(path: string, origin: string): Array<{ hreflang: string; href: string }> {
  const url = (language: Language) => new URL(pathInLanguage(path, language), origin).href;
  const languages = Object.keys(LANGUAGE_PATH_PREFIX) as Language[];
  return [
    ...languages.map((language) => ({ hreflang: language, href: url(language) })),
    { hreflang: 'x-default', href: url(ROOT_LANGUAGE) },
  ];
}

/**
 * Where a shopper who chose `chosen` (the stored choice, if any) goes from `address`: the same
 * page in the chosen language, or nowhere (undefined) when it already is in it or nothing was
 * chosen. The page's first script (host/src/shell/start.js) does the same before the first paint.
 */
export function addressForChoice(
  { pathname, search, hash }: { pathname: string; search: string; hash: string },
  chosen: unknown,
): string | undefined {
  if (typeof chosen !== 'string' || !Object.hasOwn(LANGUAGE_PATH_PREFIX, chosen)) return undefined;
  const { language, path } = languageOfPath(pathname);
  return language === chosen ? undefined : `${pathInLanguage(path, chosen as Language)}${search}${hash}`;
}
