import { createShopStore, renderStandalone } from '@maison/shared';
import '@maison/shared/src/styles/tokens.css';
import { ProfilePage } from './pages/ProfilePage';

// Standalone frame for the account team (port 3003).
renderStandalone({
  appName: 'remote-account',
  home: '/profile',
  links: [
    { to: '/profile', label: 'Profile' },
    { to: '/profile?tab=orders', label: 'Orders' },
    { to: '/profile?tab=wishlist', label: 'Wishlist' },
  ],
  routes: [{ path: 'profile', element: <ProfilePage /> }],
  store: createShopStore(),
});
