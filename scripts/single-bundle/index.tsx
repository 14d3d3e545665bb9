/** The shop as one bundle: remote pages are a lazy `import()` of their exposed modules. */
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
