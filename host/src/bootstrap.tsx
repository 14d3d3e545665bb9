import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createShopStore, imageOriginsConfigured, ShopProviders } from '@maison/shared';
import { RemoteModulesProvider } from './federation/react/RemoteArea';
import type { RemoteModuleStore } from './federation/react/remoteModuleStore';
import { App } from './App';

/**
 * Renders the shop. How remote modules arrive is the caller's choice (`modules`): through
 * federation in the real shop, through plain `import()` in the single-bundle benchmark build.
 * `remoteOrigins`, once remotes.json is read, are the origins besides the page's own that may
 * serve images; stored images from anywhere else are dropped.
 */
export function startShop(modules: RemoteModuleStore, remoteOrigins: Promise<string[]> = Promise.resolve([])): void {
  // The one store of the site: remotes render inside this provider and never make their own.
  const store = createShopStore();
  void remoteOrigins.then((origins) =>
    store.dispatch(imageOriginsConfigured({ origins: [window.location.origin, ...origins], base: window.location.href })),
  );
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <ShopProviders store={store}>
        <RemoteModulesProvider value={modules}>
          <App />
        </RemoteModulesProvider>
      </ShopProviders>
    </StrictMode>,
  );
}
