import type { Language } from '../types';

/** BCP 47 locale for dates and collation. */
export const LOCALE_OF: Record<Language, string> = { en: 'en-GB', vi: 'vi-VN' };
