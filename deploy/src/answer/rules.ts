/**
 * The rules answer.ts applies, as pure functions of the request and what is served: how long a
 * file may be kept, what a page request is, and how a page request is answered by the route table
 * and the generation served. Every function here costs time linear in the path's length (a path
 * of thousands of slashes or dots is answered as fast as any other of its length).
 */
import type { Language, RemoteName } from '@maison/shared';
import { homeOfBarePrefix, languageOfPath, pathInLanguage } from '@maison/shared/address';
import { shownAsked } from '@maison/shared/not-found';
import { firstMatching, parameterOf } from '@maison/host/hosting';
import {
  ENTRY_FILE,
  entryUrlOf,
  MANIFEST_FILE,
  type NotFoundPage,
  type RemoteLocations,
  type ServedRoute,
  type RenderRecord,
} from '@maison/host/contract';
import { pageFileOf, withoutTrailingSlashes } from '../environment/layout.ts';
import { SHOP_ORIGIN } from './policy.ts';

export const CACHE_CONTROL = {
  /**
   * A page, and what crawlers read: the same for everyone at its address, so a shared cache (a CDN) keeps it for a few seconds and
   * revalidates it (ETag) in the background. A browser asks again every time (must-revalidate:
   * without it a browser, too, shows the stale copy once), so it meets a publish at once.
   */
  page: 'public, max-age=0, must-revalidate, s-maxage=10, stale-while-revalidate=60',
  /**
   * remotes.json, a remote's entry and manifest, the shell's own file: asked again every time, by
   * every cache (a page preloads remotes.json, and a browser would not use a preload it must revalidate).
   */
  uncached: 'no-cache',
  /** Content-hashed by the build (`[name].[contenthash:10].ext`): never changes. */
  hashed: 'public, max-age=31536000, immutable',
  /**
   * The shop's page rendered in the browser, where a rendered page could not be had (a view past the
   * renderer's budget, a remote down): kept seconds, not minutes, so a flood leaves nothing behind.
   */
  shell: 'public, max-age=0, must-revalidate, s-maxage=2',
  /** An answer made for this browser alone (a tester's override, a cohort claim that cannot be honoured): no cache keeps it. */
  personal: 'private, no-store',
  /** What changes any moment and is never worth keeping (/rollout.json). */
  never: 'no-store',
  other: 'public, max-age=3600',
} as const;

const UNCACHED_NAMES = new Set([ENTRY_FILE, MANIFEST_FILE, 'index.html']);
const HASHED_NAME = /\.[0-9a-f]{10}\.(?:js|css|svg|png|webp|jpg|woff2)$/;

/** The last segment of a path. */
export const lastSegment = (pathname: string) => pathname.slice(pathname.lastIndexOf('/') + 1);

export function cacheControl(pathname: string): string {
  const name = lastSegment(pathname);
  if (UNCACHED_NAMES.has(name)) return CACHE_CONTROL.uncached;
  return HASHED_NAME.test(name) ? CACHE_CONTROL.hashed : CACHE_CONTROL.other;
}

/**
 * A page request, answered with a page of the shop: GET or HEAD of a path that is not a file name
 * (no dot in its last segment), whatever it accepts; or of one that is, by a browser that accepts
 * HTML (a mistyped `/products/v1.2`). A script, image or fetch of a missing file stays a plain 404.
 */
export function isNavigation(method: string, accept: string | null | undefined, pathname: string): boolean {
  if (method !== 'GET' && method !== 'HEAD') return false;
  return !readsAccept(pathname) || (accept ?? '').includes('text/html');
}

/** Whether what is answered at `pathname` depends on the request's Accept (a path that may name a file): caches are told (Vary). */
export const readsAccept = (pathname: string) => lastSegment(pathname).includes('.');

/** A URL as the shop's page names it: root-relative on the shop's own origin. */
const asServed = (url: string) => (url.startsWith(`${SHOP_ORIGIN}/`) ? url.slice(SHOP_ORIGIN.length) : url);

/**
 * Preload hints for a page rendered in the browser: the manifest and entry of each remote its
 * route needs (first choices), so they download beside the host's own scripts, not after them.
 */
export function preloadLinks(routes: readonly ServedRoute[], locations: RemoteLocations): Array<{ pattern: string; link: string }> {
  return routes.map(({ pattern, remotes }) => ({
    pattern,
    link: remotes
      .flatMap((remote: RemoteName) => locations[remote]?.slice(0, 1) ?? [])
      .flatMap((manifest) => [
        `<${asServed(manifest)}>; rel=preload; as=fetch; crossorigin`,
        // Another origin's script loads with CORS (webpack's crossOriginLoading): preloaded so, or fetched twice.
        `<${asServed(entryUrlOf(manifest))}>; rel=preload; as=script${asServed(manifest).startsWith('/') ? '' : '; crossorigin'}`,
      ])
      .join(', '),
  }));
}

/** The Link header for a path, from preloadLinks(); undefined when its route needs no remote. */
export function preloadLinkFor(pathname: string, links: ReadonlyArray<{ pattern: string; link: string }>): string | undefined {
  return firstMatching(links, pathname)?.link || undefined;
}

export type NavigationAnswer =
  | { kind: 'redirect'; status: 301; location: string }
  /**
   * A rendered page: its language, its path within it (trailing slashes trimmed) and the query that
   * changes what it shows, canonical (empty: the page as published).
   */
  | { kind: 'page'; status: 200; language: Language; path: string; query: string }
  | { kind: 'not-found'; status: 404; language: Language; page: NotFoundPage['page']; shows: string }
  | { kind: 'shell'; status: 200 | 404 };

/**
 * How a page request is answered, by its address (its language: languagePath.ts), the host
 * build's route table and the render record of the generation served (when its pages may be
 * served beside this host build):
 * - a legacy path the catalogue moved: a permanent redirect, in the address's language;
 * - a rendered page, with no query: that page, in the address's language;
 * - a path no page exists for: 404 with the 404 page, or the product-not-found page for an
 *   unknown product (showing the path or the parameter, put in by the server), in that language;
 * - anything else (a query asks for a view the page was not rendered with; a page that could not
 *   be rendered): the shell, rendered in the browser.
 */
export function navigationAnswer({
  path: address,
  query,
  routes,
  render,
  canonicalQuery = (_route, asked) => asked,
}: {
  /** The request's path, as sent (not decoded). */
  path: string;
  /** Its query, without the '?'; empty for none. */
  query: string;
  routes: readonly ServedRoute[];
  render: RenderRecord | undefined;
  /** What of the query changes the route's page, in one spelling; empty when nothing does. */
  canonicalQuery?: (route: ServedRoute, query: string) => string;
}): NavigationAnswer {
  const { language, path } = languageOfPath(address);
  // A language's bare prefix (`/vi`) is its home page's address with a slash (`/vi/`), as its links say.
  const home = homeOfBarePrefix(address);
  if (home) return { kind: 'redirect', status: 301, location: `${home}${query ? `?${query}` : ''}` };
  const route = firstMatching(routes, path);
  const trimmed = withoutTrailingSlashes(path);
  const redirect = render && Object.hasOwn(render.redirects, trimmed) ? render.redirects[trimmed] : undefined;
  if (redirect) return { kind: 'redirect', status: 301, location: pathInLanguage(redirect, language) };
  if (!route) return { kind: 'shell', status: 200 };
  const rendered = render?.languages.includes(language) ? render : undefined;
  if (rendered && pageFileOf(path) && rendered.pages.includes(trimmed)) {
    return { kind: 'page', status: 200, language, path: trimmed, query: query === '' ? '' : canonicalQuery(route, query) };
  }
  const notFound = route.notFound;
  // A path a route with a parameter does not list is unknown only when its remote's list was read.
  const unknown =
    notFound &&
    (notFound.shows === 'path' ||
      (render !== undefined &&
        !render.listed.includes(trimmed) &&
        !route.remotes.some((remote) => render.unlistedRemotes.includes(remote))));
  if (!notFound || !unknown) return { kind: 'shell', status: 200 };
  if (!rendered?.notFoundPages.includes(notFound.page)) return { kind: 'shell', status: 404 };
  const shows = shownAsked(notFound.shows === 'path' ? path : (parameterOf(route.pattern, path) ?? ''));
  return { kind: 'not-found', status: 404, language, page: notFound.page, shows };
}
