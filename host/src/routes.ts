import { matchPath } from 'react-router-dom';
import type { ComponentProps } from 'react';
import type { RemoteComponents, RemoteModuleId } from '@maison/shared';

/** Remote modules that render without props: the ones a route can show as its page. */
export type RemotePageId = {
  [Id in RemoteModuleId]: ComponentProps<RemoteComponents[Id]> extends Record<string, never> ? Id : never;
}[RemoteModuleId];

/** Routes whose page belongs to a remote: one exposed module each. */
export const REMOTE_ROUTES: ReadonlyArray<{ path: string; module: RemotePageId }> = [
  { path: '/products', module: 'catalog/ProductListPage' },
  { path: '/products/:slug', module: 'catalog/ProductDetailPage' },
  { path: '/product/:id', module: 'catalog/LegacyProductRedirect' },
  { path: '/cart', module: 'cart/CartPage' },
  { path: '/checkout', module: 'cart/CheckoutPage' },
  { path: '/profile', module: 'account/ProfilePage' },
];

/** Remote widgets inside the host's own pages. */
const HOST_PAGE_MODULES: Record<string, RemoteModuleId[]> = {
  '/': ['catalog/NewThisSeason'],
};

/** The remote modules a path renders, to start loading them before the router gets there. */
export function remoteModulesForPath(pathname: string): RemoteModuleId[] {
  const route = REMOTE_ROUTES.find(({ path }) => matchPath(path, pathname));
  return route ? [route.module] : (HOST_PAGE_MODULES[pathname] ?? []);
}
