/** Each language has its own addresses (`/products`, `/vi/products`): the same address is always the same page, for everyone. */
import type { Language } from '../types';
import { sameOriginPath } from './sameOrigin.ts';

export const LANGUAGE_PATH_PREFIX: Readonly<Record<Language, string>> = { en: '', vi: '/vi' };

/** The language of unprefixed addresses, of `x-default`, and of a shopper who never chose one. */
export const ROOT_LANGUAGE: Language = 'en';

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && Object.hasOwn(LANGUAGE_PATH_PREFIX, value);
}

/** The languages whose addresses have a prefix, with it (`['vi', '/vi']`). */
export const PREFIXED_LANGUAGES = (Object.entries(LANGUAGE_PATH_PREFIX) as Array<[Language, string]>).filter(([, prefix]) => prefix !== '');

/** An address's language, and the path it names within that language (`/vi/products` → vi, `/products`). */
export function languageOfPath(pathname: string): { language: Language; path: string } {
  for (const [language, prefix] of PREFIXED_LANGUAGES) {
    if (pathname === prefix) return { language, path: '/' };
    if (pathname.startsWith(`${prefix}/`)) return { language, path: pathname.slice(prefix.length) };
  }
  return { language: ROOT_LANGUAGE, path: pathname };
}

/** A bare prefix (`/vi`) names its home page `/vi/`, as every link says; undefined for any other path. */
export function homeOfBarePrefix(pathname: string): string | undefined {
  return PREFIXED_LANGUAGES.some(([, prefix]) => pathname === prefix) ? `${pathname}/` : undefined;
}

/** A language's router basename (`/vi/`, so its home page is `/vi/`); none for the root language. */
export function routerBasename(language: Language): string | undefined {
  const prefix = LANGUAGE_PATH_PREFIX[language];
  return prefix ? `${prefix}/` : undefined;
}

/** A path's address in a language (`/products`, vi → `/vi/products`), always on the shop's own origin (sameOrigin.ts). */
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
