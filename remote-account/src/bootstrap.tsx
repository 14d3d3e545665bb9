import { createShopStore } from '@maison/shared';
import { renderStandalone } from '@maison/shared/standalone';
import '@maison/shared/styles/tokens.css';
import { ProfilePage } from './pages/ProfilePage';

// Standalone frame for the account team (its port in apps.json).
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
