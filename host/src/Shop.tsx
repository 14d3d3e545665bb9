import { StrictMode, type ReactNode } from 'react';
import { ShopProviders, type RenderedPageState, type ShopStore } from '@maison/shared';
import { RemoteModulesProvider } from './federation/react/RemoteArea';
import type { RemoteModuleStore } from './federation/react/remoteModuleStore';
import { App } from './App';

/**
 * The whole shop as one tree. The browser (bootstrap.tsx) and the renderer (server/renderPage.tsx)
 * render this same tree, only the router element differing, so the markup and every `useId`
 * match when the browser takes over a rendered page.
 */
export function Shop({
  store,
  modules,
  router,
  rendered,
}: {
  store: ShopStore;
  modules: RemoteModuleStore;
  router: ReactNode;
  /** A rendered page: the server rendering it, or the browser taking it over. */
  rendered?: RenderedPageState;
}) {
  return (
    <StrictMode>
      <ShopProviders store={store} rendered={rendered}>
        <RemoteModulesProvider value={modules}>
          <App router={router} rendered={rendered !== undefined} />
        </RemoteModulesProvider>
      </ShopProviders>
    </StrictMode>
  );
}
