import { createShopStore } from '@maison/shared';
import { renderStandalone } from '@maison/shared/standalone';
import '@maison/shared/styles/tokens.css';
import { ProductListPage } from './pages/ProductListPage';
import { ProductDetailPage } from './pages/ProductDetailPage';
import { LegacyProductRedirect } from './pages/LegacyProductRedirect';
import { NewThisSeason } from './components/NewThisSeason';

// Standalone frame for the catalogue team (its port in apps.json).
renderStandalone({
  appName: 'remote-catalog',
  home: '/products',
  links: [
    { to: '/products', label: '/products' },
    { to: '/new-this-season', label: 'New this season' },
  ],
  routes: [
    { path: 'products', element: <ProductListPage /> },
    { path: 'products/:slug', element: <ProductDetailPage /> },
    { path: 'product/:id', element: <LegacyProductRedirect /> },
    { path: 'new-this-season', element: <NewThisSeason /> },
  ],
  store: createShopStore(),
});
