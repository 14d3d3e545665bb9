import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createShopStore, ShopProviders } from '@maison/shared';
import '@maison/shared/src/styles/tokens.css';
import { fetchRemoteLocations } from './federation/remoteConfig';
import { registerShopRemotes } from './federation/remoteRegistry';
import { App } from './App';

async function start() {
  registerShopRemotes(await fetchRemoteLocations());
  // The one store of the site: remotes render inside this provider and never make their own.
  const store = createShopStore();
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <ShopProviders store={store}>
        <App />
      </ShopProviders>
    </StrictMode>,
  );
}

void start();
