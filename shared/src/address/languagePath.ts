/**
 * Each language has its own addresses: English at the root (`/products`), Vietnamese under
 * `/vi/` (`/vi/products`, the home page `/vi/`). A page's address says its language, for everyone
 * (a crawler, a cache, a shopper), so the same address is always the same page.
 */
import type { Language } from '../types';
import { sameOriginPath } from './sameOrigin.ts';

/** The path each language's addresses start with. */
export const LANGUAGE_PATH_PREFIX: Readonly<Record<Language, string>> = { en: '', vi: '/vi' };

/**
 * The language of the addresses that have no prefix, of `x-default` for search engines, and of a
 * shopper who never chose one.
 */
export const ROOT_LANGUAGE: Language = 'en';

/** One of the shop's languages (not merely a string that was stored or sent). */
export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && Object.hasOwn(LANGUAGE_PATH_PREFIX, value);
}

/** The languages whose addresses have a prefix, with it (`['vi', '/vi']`). */
export const PREFIXED_LANGUAGES = (Object.entries(LANGUAGE_PATH_PREFIX) as Array<[Language, string]>).filter(([, prefix]) => prefix !== '');
const PREFIXED = PREFIXED_LANGUAGES;

/** An address's language, and the path it names within that language (`/vi/products` → vi, `/products`). */
export function languageOfPath(pathname: string): { language: Language; path: string } {
  for (const [language, prefix] of PREFIXED) {
    if (pathname === prefix) return { language, path: '/' };
    if (pathname.startsWith(`${prefix}/`)) return { language, path: pathname.slice(prefix.length) };
  }
  return { language: ROOT_LANGUAGE, path: pathname };
}

/**
 * A language's bare prefix (`/vi`) names its home page, whose address has the slash (`/vi/`), as
 * every link to it says: that address for a bare prefix, undefined for any other path.
 */
export function homeOfBarePrefix(pathname: string): string | undefined {
  return PREFIXED.some(([, prefix]) => pathname === prefix) ? `${pathname}/` : undefined;
}

/**
 * A language's router basename: its prefix with a slash (`/vi/`), so that its home page is `/vi/`
 * as every link to it says; none for the root language.
 */
export function routerBasename(language: Language): string | undefined {
  const prefix = LANGUAGE_PATH_PREFIX[language];
  return prefix ? `${prefix}/` : undefined;
}

/**
 * The address of a path in a language (`/products`, vi → `/vi/products`; `/`, vi → `/vi/`), always
 * on the shop's own origin: `//evil.example/` is `/evil.example/` (sameOrigin.ts).
 */
export function pathInLanguage(path: string, language: Language): string {
  return `${LANGUAGE_PATH_PREFIX[language]}${sameOriginPath(path)}`;
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
