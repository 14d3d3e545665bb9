/** The rules answer.ts applies, as pure functions, each linear in the path's length. */
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
  // Why: docs/decisions/serving.md#cache-classes
  /** A page, the same for everyone: shared caches keep it seconds, browsers revalidate every time. */
  page: 'public, max-age=0, must-revalidate, s-maxage=10, stale-while-revalidate=60',
  /** remotes.json, a remote's entry and manifest, the shell's own file: revalidated every time. */
  uncached: 'no-cache',
  /** Content-hashed by the build (`[name].[contenthash:10].ext`): never changes. */
  hashed: 'public, max-age=31536000, immutable',
  /** The shell (rendered in the browser): kept seconds only, so a flood leaves nothing behind. */
  shell: 'public, max-age=0, must-revalidate, s-maxage=2',
  /** An answer made for this browser alone (a tester's override, a cohort claim that cannot be honoured): no cache keeps it. */
  personal: 'private, no-store',
  /** What changes any moment and is never worth keeping (/rollout.json). */
  never: 'no-store',
  other: 'public, max-age=3600',
} as const;

const UNCACHED_NAMES = new Set([ENTRY_FILE, MANIFEST_FILE, 'index.html']);
const HASHED_NAME = /\.[0-9a-f]{10}\.(?:js|css|svg|png|webp|jpg|woff2)$/;

export const lastSegment = (pathname: string) => pathname.slice(pathname.lastIndexOf('/') + 1);

export function cacheControl(pathname: string): string {
  const name = lastSegment(pathname);
  if (UNCACHED_NAMES.has(name)) return CACHE_CONTROL.uncached;
  return HASHED_NAME.test(name) ? CACHE_CONTROL.hashed : CACHE_CONTROL.other;
}

/** A page request: GET/HEAD of a path with no extension, or of any path by a browser accepting HTML. */
export function isNavigation(method: string, accept: string | null | undefined, pathname: string): boolean {
  if (method !== 'GET' && method !== 'HEAD') return false;
  return !readsAccept(pathname) || (accept ?? '').includes('text/html');
}

/** Whether what is answered at `pathname` depends on the request's Accept (a path that may name a file): caches are told (Vary). */
export const readsAccept = (pathname: string) => lastSegment(pathname).includes('.');

/** A URL as the shop's page names it: root-relative on the shop's own origin. */
const asServed = (url: string) => (url.startsWith(`${SHOP_ORIGIN}/`) ? url.slice(SHOP_ORIGIN.length) : url);

/** Preload Link values per route: each needed remote's manifest and entry (first choice). */
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
  /** A rendered page: language, path (trailing slashes trimmed), canonical query (empty: as published). */
  | { kind: 'page'; status: 200; language: Language; path: string; query: string }
  | { kind: 'not-found'; status: 404; language: Language; page: NotFoundPage['page']; shows: string }
  | { kind: 'shell'; status: 200 | 404 };

/**
 * How a page request is answered from its address, the route table and the render record:
 * a redirect, a rendered page, a 404 page, or else the shell (rendered in the browser).
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
