import type { ReactNode } from 'react';
import { Provider } from 'react-redux';
import type { ShopStore } from './store/createShopStore';
import { LanguageProvider } from './i18n/LanguageProvider';
import { ToastProvider } from './toast/ToastProvider';

/**
 * Everything a page of the shop expects above it. The host wraps the whole site in it once;
 * a remote's standalone dev frame wraps itself in it with its own store. Exposed remote
 * pages never render it, so inside the host there is one store and one language.
 */
export function ShopProviders({ store, children }: { store: ShopStore; children: ReactNode }) {
  return (
    <Provider store={store}>
      <LanguageProvider>
        <ToastProvider>{children}</ToastProvider>
      </LanguageProvider>
    </Provider>
  );
}
