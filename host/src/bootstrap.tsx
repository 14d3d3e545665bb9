import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createShopStore, ShopProviders } from '@maison/shared';
import { RemoteModulesProvider } from './federation/RemoteArea';
import type { RemoteModuleStore } from './federation/remoteModuleStore';
import { App } from './App';

/**
 * Renders the shop. How remote modules arrive is the caller's choice (`modules`): through
 * federation in the real shop, through plain `import()` in the single-bundle benchmark build.
 */
export function startShop(modules: RemoteModuleStore): void {
  // The one store of the site: remotes render inside this provider and never make their own.
  const store = createShopStore();
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
