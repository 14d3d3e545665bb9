/**
 * A shopper's choice of language: kept in local storage, and honoured on the next visit by moving
 * an address of the other language to the chosen one (the page's boot script before the first
 * paint, the host's start-up code for a page sent as the shell).
 */
import type { Language } from '../types';
import { isLanguage, languageOfPath, pathInLanguage } from './languagePath.ts';

/** Where the shopper's choice of language is kept (local storage), as the original shop kept it. */
export const LANGUAGE_STORAGE_KEY = 'language';

/**
 * The stored choice, or undefined when none is stored, it is not a language, or storage cannot be
 * read (reaching `window.localStorage` itself throws in some privacy modes: hence a function).
 */
export function storedLanguage(storage: () => Pick<Storage, 'getItem'> | undefined): Language | undefined {
  try {
    const stored = storage()?.getItem(LANGUAGE_STORAGE_KEY);
    return isLanguage(stored) ? stored : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Where a shopper who chose `chosen` (the stored choice, if any) goes from `address`: the same
 * page in the chosen language, on the shop's own origin whatever the address held, or nowhere
 * (undefined) when it already is in it or nothing was chosen.
 */
export function addressForChoice(
  { pathname, search, hash }: { pathname: string; search: string; hash: string },
  chosen: unknown,
): string | undefined {
  if (!isLanguage(chosen)) return undefined;
  const { language, path } = languageOfPath(pathname);
  return language === chosen ? undefined : pathInLanguage(`${path}${search}${hash}`, chosen);
}
