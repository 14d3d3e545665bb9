import { createBrowserRouter } from 'react-router-dom';
import type { AccountPagesModule, CartPagesModule, CatalogPagesModule } from '@maison/shared';
import { Layout } from './shell/Layout';
import { RemotePage } from './federation/RemoteArea';
import { HomePage } from './pages/HomePage';
import { AboutPage } from './pages/AboutPage';
import { ContactPage } from './pages/ContactPage';
import { NotFoundPage } from './pages/NotFoundPage';
import { RouteErrorPage } from './pages/RouteErrorPage';

export function createShopRouter() {
  return createBrowserRouter([
    {
      element: <Layout />,
      children: [
        {
          // Errors render here, inside the shell's header and footer.
          errorElement: <RouteErrorPage />,
          children: [
            { index: true, element: <HomePage /> },
            { path: 'about', element: <AboutPage /> },
            { path: 'contact', element: <ContactPage /> },
            { path: 'products', element: <RemotePage<CatalogPagesModule> remote="catalog" page="ProductListPage" /> },
            { path: 'products/:slug', element: <RemotePage<CatalogPagesModule> remote="catalog" page="ProductDetailPage" /> },
            { path: 'product/:id', element: <RemotePage<CatalogPagesModule> remote="catalog" page="LegacyProductRedirect" /> },
            { path: 'cart', element: <RemotePage<CartPagesModule> remote="cart" page="CartPage" /> },
            { path: 'checkout', element: <RemotePage<CartPagesModule> remote="cart" page="CheckoutPage" /> },
            { path: 'profile', element: <RemotePage<AccountPagesModule> remote="account" page="ProfilePage" /> },
            { path: '*', element: <NotFoundPage /> },
          ],
        },
      ],
    },
  ]);
}
