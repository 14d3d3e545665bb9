/**
 * The benchmark's reference build: the shop's own source as one webpack bundle, no federation.
 * The host's router is the same; only the seam that loads a remote page changes, from
 * federation to a lazy `import()` of that remote's exposed module.
 */
import type { RemoteModuleId } from '@maison/shared';
import '@maison/shared/styles/tokens.css';
import '../../host/src/shell/appShell.css';
import { createRemoteModuleStore } from '../../host/src/federation/react/remoteModuleStore';
import { startShop } from '../../host/src/bootstrap';
import { remoteModulesFor } from '../../host/src/routes';

const MODULES: Record<RemoteModuleId, () => Promise<unknown>> = {
  'catalog/ProductListPage': () => import('../../remote-catalog/src/exposes/ProductListPage'),
  'catalog/ProductDetailPage': () => import('../../remote-catalog/src/exposes/ProductDetailPage'),
  'catalog/LegacyProductRedirect': () => import('../../remote-catalog/src/exposes/LegacyProductRedirect'),
  'catalog/NewThisSeason': () => import('../../remote-catalog/src/exposes/NewThisSeason'),
  'catalog/SearchResults': () => import('../../remote-catalog/src/exposes/SearchResults'),
  'cart/CartPage': () => import('../../remote-cart/src/exposes/CartPage'),
  'cart/CheckoutPage': () => import('../../remote-cart/src/exposes/CheckoutPage'),
  'account/ProfilePage': () => import('../../remote-account/src/exposes/ProfilePage'),
};

const modules = createRemoteModuleStore({ load: (id) => MODULES[id]() });
for (const id of remoteModulesFor(window.location.pathname)) void modules.load(id);
void startShop(modules);
