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
  language: Language;
  /** The state the page was rendered with: a store with nothing stored. */
  storeState: ShopState;
  /** Server only: hears the page's head (title, description, structured data). */
  recordHead?: (head: PageHead) => void;
}

/**
 * Everything a page of the shop expects above it. The host wraps the whole site in it once;
 * a remote's standalone dev frame wraps itself in it with its own store. Exposed remote
 * pages never render it, so inside the host there is one store and one language.
 */
export function ShopProviders({ store, rendered, children }: { store: ShopStore; rendered?: RenderedPageState; children: ReactNode }) {
  return (
    <Provider store={store} serverState={rendered?.storeState}>
      <LanguageProvider renderedIn={rendered?.language}>
        <PageHeadRecorder.Provider value={rendered?.recordHead ?? null}>
          <ToastProvider>{children}</ToastProvider>
        </PageHeadRecorder.Provider>
      </LanguageProvider>
    </Provider>
  );
}
