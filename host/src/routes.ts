/**
 * The shop's routes, once: the router, the start-up code, the idle prefetch and the answerer (through
 * routes.json) all derive from this table; routes.test.ts holds react-router and its patterns to one answer.
 */
import type { RemoteModuleId } from '@maison/shared';
import { PAGE_PATHS } from '@maison/shared/address';
import { remoteOf } from './federation/moduleIds.ts';
import { firstMatching, routePatternSource } from './routePatterns.ts';
import type { NotFoundPage, ServedRoute } from './contract/hostBuild';

/** The host's own pages; every other page is a remote module that renders without props. */
const HOST_PAGE_IDS = ['home', 'about', 'contact', 'notFound'] as const;
export type HostPageId = (typeof HOST_PAGE_IDS)[number];

export interface RouteDefinition {
  /** react-router's path syntax: plain segments and `:param` segments; '*' matches the rest. */
  readonly path: string;
  readonly page: HostPageId | RemotePageModuleId;
  /** Remote widgets inside a host page (the home page's product cards). */
  readonly widgets?: readonly RemoteModuleId[];
  /** Reached from the header or the home page: the page's code downloads once the browser is idle. */
  readonly prefetchWhenIdle?: boolean;
  /** The shopper's own page: rendered as its frame (the same for everyone), filled in the browser; kept from search engines. */
  readonly personal?: boolean;
  /** For a path no page was rendered for: the page answered with HTTP 404. */
  readonly notFound?: NotFoundPage;
}

/** Remote modules a route can show as its page (they take no props). */
export type RemotePageModuleId = Exclude<RemoteModuleId, 'catalog/NewThisSeason' | 'catalog/SearchResults'>;

const PRODUCT_NOT_FOUND: NotFoundPage = { page: 'product-not-found', shows: 'parameter' };

export const ROUTES = [
  { path: PAGE_PATHS.home, page: 'home', widgets: ['catalog/NewThisSeason'] },
  { path: PAGE_PATHS.products, page: 'catalog/ProductListPage', prefetchWhenIdle: true },
  { path: PAGE_PATHS.product, page: 'catalog/ProductDetailPage', prefetchWhenIdle: true, notFound: PRODUCT_NOT_FOUND },
  // A legacy link is answered with a redirect to its product (the catalogue lists them), or not found.
  { path: PAGE_PATHS.legacyProduct, page: 'catalog/LegacyProductRedirect', notFound: PRODUCT_NOT_FOUND },
  { path: PAGE_PATHS.cart, page: 'cart/CartPage', prefetchWhenIdle: true, personal: true },
  { path: PAGE_PATHS.checkout, page: 'cart/CheckoutPage', personal: true },
  { path: PAGE_PATHS.profile, page: 'account/ProfilePage', prefetchWhenIdle: true, personal: true },
  { path: PAGE_PATHS.about, page: 'about' },
  { path: PAGE_PATHS.contact, page: 'contact' },
  { path: '*', page: 'notFound', notFound: { page: 'not-found', shows: 'path' } },
] as const satisfies readonly RouteDefinition[];

export type Route = (typeof ROUTES)[number];

export function isHostPage(page: RouteDefinition['page']): page is HostPageId {
  return (HOST_PAGE_IDS as readonly string[]).includes(page);
}

const PATTERNS = ROUTES.map((route) => ({ route, pattern: routePatternSource(route.path) }));

/** The route a path belongs to (its query, if given, is ignored): the first that matches, the catch-all last. */
export function routeFor(path: string): Route {
  return firstMatching(PATTERNS, path)!.route;
}

/** The remote modules a route shows: its page's, or the widgets of a host page. */
export function remoteModulesOf(route: RouteDefinition): RemoteModuleId[] {
  return isHostPage(route.page) ? [...(route.widgets ?? [])] : [route.page];
}

export function remoteModulesFor(pathname: string): RemoteModuleId[] {
  return remoteModulesOf(routeFor(pathname));
}

/** Pages whose code downloads once the first page is in and the browser is idle. */
export const PREFETCH_WHEN_IDLE: readonly RemoteModuleId[] = ROUTES.flatMap((route: RouteDefinition) =>
  route.prefetchWhenIdle ? [route.page as RemoteModuleId] : [],
);

/** The route table the host build writes to routes.json, for the servers (contract/hostBuild.ts). */
export function servedRoutes(): ServedRoute[] {
  return ROUTES.map((route: RouteDefinition) => ({
    path: route.path,
    pattern: routePatternSource(route.path),
    remotes: [...new Set(remoteModulesOf(route).map(remoteOf))],
    ...(route.personal ? { personal: true as const } : {}),
    ...(route.notFound ? { notFound: route.notFound } : {}),
  }));
}

/** The rendered routes without a parameter; a remote lists the paths of its routes with one (its server build's PublicPages). */
export const RENDERED_PATHS: readonly string[] = ROUTES.flatMap((route: RouteDefinition) =>
  !route.path.includes(':') && route.path !== '*' ? [route.path] : [],
);
