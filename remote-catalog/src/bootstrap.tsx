import { createShopStore, hrefs, PAGE_PATHS } from '@maison/shared';
import { renderStandalone } from '@maison/shared/standalone';
import '@maison/shared/styles/tokens.css';
import { ProductListPage } from './pages/ProductListPage';
import { ProductDetailPage } from './pages/ProductDetailPage';
import { LegacyProductRedirect } from './pages/LegacyProductRedirect';
import { NewThisSeason } from './components/NewThisSeason';

// The home page's widget alone: a page of the standalone frame's own, not of the shop.
const NEW_THIS_SEASON = '/new-this-season';

// Standalone frame for the catalogue team (its port in apps.json).
renderStandalone({
  appName: 'remote-catalog',
  home: hrefs.products(),
  links: [{ to: hrefs.products() }, { to: NEW_THIS_SEASON, label: 'New this season' }],
  routes: [
    { path: PAGE_PATHS.products, element: <ProductListPage /> },
    { path: PAGE_PATHS.product, element: <ProductDetailPage /> },
    { path: PAGE_PATHS.legacyProduct, element: <LegacyProductRedirect /> },
    { path: NEW_THIS_SEASON, element: <NewThisSeason /> },
  ],
  store: createShopStore(),
});
