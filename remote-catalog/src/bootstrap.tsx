import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, Navigate, RouterProvider } from 'react-router-dom';
import { createShopStore, ShopProviders, StandaloneFrame } from '@maison/shared';
import '@maison/shared/src/styles/tokens.css';
import { LegacyProductRedirect, ProductDetailPage, ProductListPage } from './pages';
import NewThisSeason from './components/NewThisSeason';

// Standalone dev frame for the catalogue team (port 3001), with its own store.
const router = createBrowserRouter([
  {
    element: (
      <StandaloneFrame
        appName="remote-catalog"
        links={[
          { to: '/products', label: '/products' },
          { to: '/new-this-season', label: 'New this season' },
        ]}
      />
    ),
    children: [
      { index: true, element: <Navigate to="/products" replace /> },
      { path: 'products', element: <ProductListPage /> },
      { path: 'products/:slug', element: <ProductDetailPage /> },
      { path: 'product/:id', element: <LegacyProductRedirect /> },
      { path: 'new-this-season', element: <NewThisSeason /> },
    ],
  },
]);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <ShopProviders store={createShopStore()}>
      <RouterProvider router={router} />
    </ShopProviders>
  </StrictMode>,
);
