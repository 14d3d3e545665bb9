import type { ReactNode } from 'react';
import { Provider } from 'react-redux';
import type { ShopState, ShopStore } from './store/createShopStore';
import type { Language } from './types';
import { LanguageProvider } from './i18n/LanguageProvider';
import { PageHeadRecorder, type PageHead } from './i18n/usePageHead';
import { ToastProvider } from './toast/ToastProvider';

/**
 * A page rendered on the server, and the browser taking over its HTML: both render with this,
 * so the browser's first render is the server's markup exactly. The store's state is a
 * server's (nothing personal: no cart, no wishlist); the shopper's own fills in right after.
 */
export interface RenderedPageState {
  /** The language of the page's address. */
  language: Language;
  /** The state the page was rendered with: a store with nothing stored. */
  storeState: ShopState;
}

/** What the host tells every page from the page's address (the address module, ./address). */
export interface ShopAddress {
  language: Language;
  /** The shopper chose another language: the host moves to the same page's address in it. */
  chooseLanguage: (language: Language) => void;
}

/**
 * Everything a page of the shop expects above it. The host wraps the whole site in it once;
 * a remote's standalone dev frame wraps itself in it with its own store. Exposed remote
 * pages never render it, so inside the host there is one store and one language.
 * `onPageHead` hears each page's head (the renderer writes it into the HTML, the browser into
 * the document's head after each navigation); without it, the tab's title follows.
 */
export function ShopProviders({
  store,
  rendered,
  address,
  onPageHead,
  children,
}: {
  store: ShopStore;
  rendered?: RenderedPageState;
  address?: ShopAddress;
  onPageHead?: (head: PageHead) => void;
  children: ReactNode;
}) {
  return (
    <Provider store={store} serverState={rendered?.storeState}>
      <LanguageProvider language={address?.language ?? rendered?.language} onChoose={address?.chooseLanguage}>
        <PageHeadRecorder.Provider value={onPageHead ?? null}>
          <ToastProvider>{children}</ToastProvider>
        </PageHeadRecorder.Provider>
      </LanguageProvider>
    </Provider>
  );
}
