import { createBrowserRouter } from 'react-router-dom';
import { Layout } from './shell/Layout';
import { LoadingPlaceholder, RemoteArea } from './federation/RemoteArea';
import { HomePage } from './pages/HomePage';
import { AboutPage } from './pages/AboutPage';
import { ContactPage } from './pages/ContactPage';
import { NotFoundPage } from './pages/NotFoundPage';
import { RouteErrorPage } from './pages/RouteErrorPage';
import { REMOTE_ROUTES, type RemotePageId } from './routeTable';
import styles from './shell/Layout.module.css';

/**
 * A remote's page. Keyed by module id: moving between two remote routes always mounts a new
 * area, so nothing (state, error boundary, module) carries over from the previous page.
 * The wrapper keeps the footer below the fold until the page arrives, so nothing jumps.
 */
function RemotePage({ id }: { id: RemotePageId }) {
  return (
    <div className={styles.remotePage}>
      <RemoteArea key={id} id={id} placeholder={<LoadingPlaceholder />} />
    </div>
  );
}

export function createShopRouter() {
  return createBrowserRouter([
    {
      element: <Layout />,
      // Errors render inside the shell's header and footer, even where no child route matched.
      errorElement: (
        <Layout>
          <RouteErrorPage />
        </Layout>
      ),
      children: [
        {
          errorElement: <RouteErrorPage />,
          children: [
            { index: true, element: <HomePage /> },
            { path: 'about', element: <AboutPage /> },
            { path: 'contact', element: <ContactPage /> },
            ...REMOTE_ROUTES.map(({ path, module }) => ({ path: path.slice(1), element: <RemotePage key={module} id={module} /> })),
            { path: '*', element: <NotFoundPage /> },
          ],
        },
      ],
    },
  ]);
}
