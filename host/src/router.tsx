import type { ReactElement } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router-dom';
import { PAGE_PATHS } from '@maison/shared';
import { Layout } from './shell/Layout';
import { LoadingPlaceholder, RemoteArea } from './federation/react/RemoteArea';
import { HomePage } from './pages/HomePage';
import { AboutPage } from './pages/AboutPage';
import { ContactPage } from './pages/ContactPage';
import { NotFoundPage } from './pages/NotFoundPage';
import { RouteErrorPage } from './pages/RouteErrorPage';
import { isHostPage, ROUTES, type HostPageId, type RemotePageModuleId, type RouteDefinition } from './routes';
import styles from './shell/Layout.module.css';

const HOST_PAGES: Record<HostPageId, () => ReactElement> = {
  home: () => <HomePage />,
  about: () => <AboutPage />,
  contact: () => <ContactPage />,
  notFound: () => <NotFoundPage />,
};

/**
 * A remote's page. Keyed by module id: moving between two remote routes always mounts a new
 * area, so nothing (state, error boundary, module) carries over from the previous page.
 * The wrapper keeps the footer below the fold until the page arrives, so nothing jumps.
 */
function RemotePage({ id }: { id: RemotePageModuleId }) {
  return (
    <div className={styles.remotePage}>
      <RemoteArea key={id} id={id} placeholder={<LoadingPlaceholder />} />
    </div>
  );
}

/** The shop's route objects, from the route table (routes.ts), inside the shell's layout. */
export function shopRoutes(): RouteObject[] {
  return [
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
          children: ROUTES.map((route: RouteDefinition) => {
            const element = isHostPage(route.page) ? HOST_PAGES[route.page]() : <RemotePage key={route.page} id={route.page} />;
            return route.path === PAGE_PATHS.home ? { index: true, element } : { path: route.path.replace(/^\//, ''), element };
          }),
        },
      ],
    },
  ];
}

/** The browser's router for one language's addresses (`basename`: routerBasename, @maison/shared's address module). */
export function createShopRouter(basename: string | undefined) {
  return createBrowserRouter(shopRoutes(), basename ? { basename } : undefined);
}
