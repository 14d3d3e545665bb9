import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, Navigate, RouterProvider } from 'react-router-dom';
import { createShopStore, ShopProviders, StandaloneFrame } from '@maison/shared';
import '@maison/shared/src/styles/tokens.css';
import { ProfilePage } from './pages';

// Standalone dev frame for the account team (port 3003), with its own store.
const router = createBrowserRouter([
  {
    element: (
      <StandaloneFrame
        appName="remote-account"
        links={[
          { to: '/profile', label: 'Profile' },
          { to: '/profile?tab=orders', label: 'Orders' },
          { to: '/profile?tab=wishlist', label: 'Wishlist' },
        ]}
      />
    ),
    children: [
      { index: true, element: <Navigate to="/profile" replace /> },
      { path: 'profile', element: <ProfilePage /> },
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
