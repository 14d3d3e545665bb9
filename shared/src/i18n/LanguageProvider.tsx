import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import type { Language } from '../types';
import { getLocalStorage } from '../storage';
import { useHydrated } from '../useHydrated';
import { DEFAULT_LANGUAGE, LANGUAGE_STORAGE_KEY, storedLanguage } from './language';
import { languageCookie } from './languageCookie';
import { translate, type MessageCatalog, type MessageParams } from './messages';

interface LanguageContextValue {
  language: Language;
  setLanguage: (language: Language) => void;
}

const LanguageContext = createContext<LanguageContextValue | null>(null);

/** Mirrors the choice in a cookie, so the servers send the next page in it (languageCookie.ts). */
function mirrorInCookie(language: Language) {
  try {
    document.cookie = languageCookie(language, window.location.protocol === 'https:');
  } catch {
    // Cookies refused: the next page arrives in English and switches once it is alive.
  }
}

/**
 * The shop's language. Local storage is the page's record of the shopper's choice; a cookie
 * mirrors it for the servers. `renderedIn`: the language a rendered page arrived in (the server
 * renders with it, the browser takes that HTML over with it), so both render the same markup;
 * the stored choice applies from the render after (it differs only when the cookie was missing).
 */
export function LanguageProvider({ children, renderedIn }: { children: ReactNode; renderedIn?: Language }) {
  const hydrated = useHydrated();
  const [stored] = useState(() => (typeof window === 'undefined' ? undefined : storedLanguage(getLocalStorage())));
  const [chosen, setChosen] = useState<Language>();
  const language = chosen ?? (renderedIn !== undefined && !hydrated ? renderedIn : (stored ?? renderedIn ?? DEFAULT_LANGUAGE));

  useEffect(() => {
    document.documentElement.lang = language;
    mirrorInCookie(language);
  }, [language]);

  const setLanguage = useCallback((next: Language) => {
    setChosen(next);
    try {
      getLocalStorage()?.setItem(LANGUAGE_STORAGE_KEY, next);
    } catch {
      // Storage unavailable: the choice lasts for this page view.
    }
  }, []);

  const value = useMemo(() => ({ language, setLanguage }), [language, setLanguage]);
  return <LanguageContext.Provider value={value}>{children}</LanguageContext.Provider>;
}

export function useLanguage(): LanguageContextValue {
  const context = useContext(LanguageContext);
  if (!context) throw new Error('useLanguage must be used within LanguageProvider');
  return context;
}

/** `t(key, params)` over an app's own catalogue, in the current language. */
export function useTranslator<K extends string>(catalog: MessageCatalog<K>) {
  const { language } = useLanguage();
  return useCallback((key: K, params?: MessageParams) => translate(catalog, language, key, params), [catalog, language]);
}
