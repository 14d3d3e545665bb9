import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, Navigate, RouterProvider } from 'react-router-dom';
import { createShopStore, itemAdded, ShopProviders, StandaloneFrame } from '@maison/shared';
import '@maison/shared/src/styles/tokens.css';
import { CartPage, CheckoutPage } from './pages';

// Standalone dev frame for the cart team (port 3002), with its own store. An empty store
// gets one sample line so the pages have something to show.
const store = createShopStore();
if (store.getState().cart.lines.length === 0) {
  store.dispatch(
    itemAdded({
      item: {
        variantId: '4',
        slug: 'one-pillar-pagoda-handkerchief',
        name: { en: 'One Pillar Pagoda Handkerchief', vi: 'Khăn tay Chùa Một Cột' },
        unitPrice: 8000,
        image: 'http://localhost:3001/images/one-pillar-lotus-pond.svg',
        imageAlt: { en: 'One Pillar Pagoda handkerchief', vi: 'Khăn tay Chùa Một Cột' },
      },
    }),
  );
}

const router = createBrowserRouter([
  {
    element: (
      <StandaloneFrame
        appName="remote-cart"
        links={[
          { to: '/cart', label: '/cart' },
          { to: '/checkout', label: '/checkout' },
        ]}
      />
    ),
    children: [
      { index: true, element: <Navigate to="/cart" replace /> },
      { path: 'cart', element: <CartPage /> },
      { path: 'checkout', element: <CheckoutPage /> },
    ],
  },
]);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <ShopProviders store={store}>
      <RouterProvider router={router} />
    </ShopProviders>
  </StrictMode>,
);
