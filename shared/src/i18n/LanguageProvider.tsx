import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import type { Language } from '../types';
import { getLocalStorage } from '../storage';
import { LANGUAGE_STORAGE_KEY, readStoredLanguage } from './language';
import { translate, type MessageCatalog, type MessageParams } from './messages';

interface LanguageContextValue {
  language: Language;
  setLanguage: (language: Language) => void;
}

const LanguageContext = createContext<LanguageContextValue | null>(null);

export function LanguageProvider({ children }: { children: ReactNode }) {
  const [language, setLanguageState] = useState<Language>(() => readStoredLanguage(getLocalStorage()));

  useEffect(() => {
    document.documentElement.lang = language;
  }, [language]);

  const setLanguage = useCallback((next: Language) => {
    setLanguageState(next);
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
