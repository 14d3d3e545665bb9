import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import type { Language } from '../types';
import { getLocalStorage } from '../storage';
import { LANGUAGE_STORAGE_KEY, ROOT_LANGUAGE, storedLanguage } from '../address';
import { translate, type MessageCatalog, type MessageParams } from './messages';

interface LanguageContextValue {
  language: Language;
  setLanguage: (language: Language) => void;
}

const LanguageContext = createContext<LanguageContextValue | null>(null);

function storeChoice(language: Language) {
  try {
    getLocalStorage()?.setItem(LANGUAGE_STORAGE_KEY, language);
  } catch {
    // Storage unavailable: the choice lasts for this page view.
  }
}

/**
 * The shop's language. In the shop, the host passes the language of the page's address
 * (`language`) and moves to the other address when the shopper chooses (`onChoose`): the address
 * says the language. A remote's standalone frame, with no addresses of its own, passes neither
 * and follows the stored choice. Either way the choice is stored (local storage, under
 * `language`), and the page's boot script honours it on the next visit.
 */
export function LanguageProvider({
  children,
  language: fromAddress,
  onChoose,
}: {
  children: ReactNode;
  language?: Language;
  onChoose?: (language: Language) => void;
}) {
  const [stored, setStored] = useState(() => (typeof window === 'undefined' ? undefined : storedLanguage(getLocalStorage)));
  const language = fromAddress ?? stored ?? ROOT_LANGUAGE;

  useEffect(() => {
    document.documentElement.lang = language;
  }, [language]);

  const setLanguage = useCallback(
    (next: Language) => {
      storeChoice(next);
      if (onChoose) onChoose(next);
      else setStored(next);
    },
    [onChoose],
  );

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
