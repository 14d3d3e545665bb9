import { createShopStore, hrefs, PAGE_PATHS } from '@maison/shared';
import { renderStandalone } from '@maison/shared/standalone';
import '@maison/shared/styles/tokens.css';
import { ProfilePage } from './pages/ProfilePage';

// Standalone frame for the account team (its port in apps.json).
renderStandalone({
  appName: 'remote-account',
  home: hrefs.profile(),
  links: [
    { to: hrefs.profile(), label: 'Profile' },
    { to: hrefs.profile({ tab: 'orders' }), label: 'Orders' },
    { to: hrefs.profile({ tab: 'wishlist' }), label: 'Wishlist' },
  ],
  routes: [{ path: PAGE_PATHS.profile, element: <ProfilePage /> }],
  store: createShopStore(),
});
