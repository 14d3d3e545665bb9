import { createShopStore, hrefs, itemAdded, PAGE_PATHS } from '@maison/shared';
import { renderStandalone } from '@maison/shared/standalone';
import '@maison/shared/styles/tokens.css';
import { CartPage } from './pages/CartPage';
import { CheckoutPage } from './pages/CheckoutPage';

declare const CATALOG_DEV_ORIGIN: string;

// Standalone frame for the cart team (its port in apps.json). An empty cart gets one sample line so
// the pages have something to show.
const store = createShopStore();
if (store.getState().cart.lines.length === 0) {
  store.dispatch(
    itemAdded({
      item: {
        variantId: '4',
        slug: 'one-pillar-pagoda-handkerchief',
        name: { en: 'One Pillar Pagoda Handkerchief', vi: 'Khăn tay Chùa Một Cột' },
        unitPrice: 8000,
        image: `${CATALOG_DEV_ORIGIN}/images/one-pillar-lotus-pond.svg`,
        imageAlt: { en: 'One Pillar Pagoda handkerchief', vi: 'Khăn tay Chùa Một Cột' },
      },
    }),
  );
}

renderStandalone({
  appName: 'remote-cart',
  home: hrefs.cart(),
  links: [{ to: hrefs.cart() }, { to: hrefs.checkout() }],
  routes: [
    { path: PAGE_PATHS.cart, element: <CartPage /> },
    { path: PAGE_PATHS.checkout, element: <CheckoutPage /> },
  ],
  store,
});
