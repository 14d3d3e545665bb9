import { StrictMode, type ReactNode } from 'react';
import { ShopProviders, type PageHead, type RenderedPageState, type ShopAddress, type ShopStore } from '@maison/shared';
import { RemoteModulesProvider } from './federation/react/RemoteArea';
import type { RemoteModuleStore } from './federation/react/remoteModuleStore';
import { App } from './App';

/**
 * The whole shop as one tree. The browser (bootstrap.tsx, through ShopAtAddress.tsx) and the
 * renderer (server/pageRenderer.tsx) render this same tree, only the router element differing,
 * so the markup and every `useId` match when the browser takes over a rendered page.
 */
export function Shop({
  store,
  modules,
  router,
  rendered,
  address,
  onPageHead,
}: {
  store: ShopStore;
  modules: RemoteModuleStore;
  router: ReactNode;
  /** A rendered page: the server rendering it, or the browser taking it over. */
  rendered?: RenderedPageState;
  /** The page's address (its language), in the browser (ShopAtAddress.tsx). */
  address?: ShopAddress;
  /** Hears each page's head: the renderer writes it into the HTML, the browser into the document. */
  onPageHead?: (head: PageHead) => void;
}) {
  return (
    <StrictMode>
      <ShopProviders store={store} rendered={rendered} address={address} onPageHead={onPageHead}>
        <RemoteModulesProvider value={modules}>
          <App router={router} rendered={rendered !== undefined} />
        </RemoteModulesProvider>
      </ShopProviders>
    </StrictMode>
  );
}
