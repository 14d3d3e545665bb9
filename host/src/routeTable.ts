import type { ComponentProps } from 'react';
import type { RemoteComponents, RemoteModuleId, RemoteName } from '@maison/shared';
import type { RemoteModuleStore } from './federation/remoteModuleStore';
import { remoteOf } from './federation/moduleIds';

/**
 * The routes whose pages belong to remotes, as data. The router renders them; before that,
 * the start-up code (which runs before shared libraries are available, so no react-router
 * here) uses the same table to start loading the page's module.
 */

/** Remote modules that render without props: the ones a route can show as its page. */
export type RemotePageId = {
  [Id in RemoteModuleId]: ComponentProps<RemoteComponents[Id]> extends Record<string, never> ? Id : never;
}[RemoteModuleId];

export const REMOTE_ROUTES: ReadonlyArray<{ path: string; module: RemotePageId }> = [
  { path: '/products', module: 'catalog/ProductListPage' },
  { path: '/products/:slug', module: 'catalog/ProductDetailPage' },
  { path: '/product/:id', module: 'catalog/LegacyProductRedirect' },
  { path: '/cart', module: 'cart/CartPage' },
  { path: '/checkout', module: 'cart/CheckoutPage' },
  { path: '/profile', module: 'account/ProfilePage' },
];

/** Remote widgets inside the host's own pages. */
export const HOST_PAGE_MODULES: Record<string, RemoteModuleId[]> = {
  '/': ['catalog/NewThisSeason'],
};

/** Pages a shopper reaches from the header: their code is prefetched once the page is idle. */
export const PREFETCH_WHEN_IDLE: readonly RemoteModuleId[] = [
  'catalog/ProductListPage',
  'catalog/ProductDetailPage',
  'cart/CartPage',
  'account/ProfilePage',
];

/** Whether `pathname` matches a pattern of plain segments and `:param` segments, as the router does. */
export function matchesRoute(pattern: string, pathname: string): boolean {
  const wanted = pattern.split('/').filter(Boolean);
  const actual = pathname.split('/').filter(Boolean);
  return (
    wanted.length === actual.length &&
    wanted.every((segment, index) => segment.startsWith(':') || segment.toLowerCase() === actual[index]!.toLowerCase())
  );
}

/** The remote modules a path renders. */
export function remoteModulesForPath(pathname: string): RemoteModuleId[] {
  const route = REMOTE_ROUTES.find(({ path }) => matchesRoute(path, pathname));
  return route ? [route.module] : (HOST_PAGE_MODULES[pathname.replace(/(.)\/+$/, '$1')] ?? []);
}

/**
 * Which remote each route's page needs, for the servers: the host build writes it to
 * remote-routes.json, and the serving layer answers a navigation with preload hints for that
 * remote's manifest and entry, so they download alongside the host's own start-up.
 */
export function remotesByRoute(): Array<{ path: string; remotes: RemoteName[] }> {
  return [
    ...REMOTE_ROUTES.map(({ path, module }) => ({ path, remotes: [remoteOf(module)] })),
    ...Object.entries(HOST_PAGE_MODULES).map(([path, ids]) => ({ path, remotes: [...new Set(ids.map(remoteOf))] })),
  ];
}

/** Starts loading the remote modules a path renders, before the router gets there; resolves when they settle. */
export function startRouteModules(modules: Pick<RemoteModuleStore, 'load'>, pathname: string): Promise<unknown> {
  return Promise.all(remoteModulesForPath(pathname).map((id) => modules.load(id)));
}
