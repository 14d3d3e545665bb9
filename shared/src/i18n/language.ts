import { LANGUAGES, type Language } from '../types';

import { LANGUAGE_STORAGE_KEY } from './languagePath';

export { LANGUAGE_STORAGE_KEY };
export const DEFAULT_LANGUAGE: Language = 'en';

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/** The stored language, or undefined when none is stored (or storage cannot be read). */
export function storedLanguage(storage: Storage | undefined): Language | undefined {
  try {
    const stored = storage?.getItem(LANGUAGE_STORAGE_KEY);
    return isLanguage(stored) ? stored : undefined;
  } catch {
    return undefined;
  }
}

/** BCP 47 locale for dates and collation. */
export const LOCALE_OF: Record<Language, string> = { en: 'en-GB', vi: 'vi-VN' };
