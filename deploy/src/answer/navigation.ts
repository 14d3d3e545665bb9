/** Which requests are page navigations, and how one is answered from its address: pure, linear in the path's length. */
import type { Language } from '@maison/shared';
import { canonicalQuery, homeOfBarePrefix, languageOfPath, pathInLanguage } from '@maison/shared/address';
import { shownAsked } from '@maison/shared/not-found';
import { firstMatching, parameterOf } from '@maison/host/hosting';
import type { NotFoundPage, RenderRecord, ServedRoute } from '@maison/host/contract';
import { pageFileOf, withoutTrailingSlashes } from '../environment/layout.ts';
import { lastSegment } from './cacheControl.ts';

/** A page request (GET or HEAD: onlyReads refused the rest): a path with no extension, or any path by a browser accepting HTML. */
export const isNavigation = (accept: string | null | undefined, pathname: string) =>
  !readsAccept(pathname) || (accept ?? '').includes('text/html');

/** Whether what is answered at `pathname` depends on the request's Accept (a path that may name a file): caches are told (Vary). */
export const readsAccept = (pathname: string) => lastSegment(pathname).includes('.');

export type NavigationAnswer =
  | { kind: 'redirect'; status: 301; location: string }
  /** A rendered page: language, path (trailing slashes trimmed), canonical query (empty: as published). */
  | { kind: 'page'; status: 200; language: Language; path: string; query: string }
  | { kind: 'not-found'; status: 404; language: Language; page: NotFoundPage['page']; shows: string }
  | { kind: 'shell'; status: 200 | 404 };

interface NavigationRequest {
  /** The request's path, as sent (not decoded). */
  path: string;
  /** Its query, without the '?'; empty for none. */
  query: string;
  routes: readonly ServedRoute[];
  render: RenderRecord | undefined;
}

/** How a page request is answered from its address, routes and render record: a redirect, a page, a 404 page, else the shell. */
export function navigationAnswer({ path: address, query, routes, render }: NavigationRequest): NavigationAnswer {
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
    return { kind: 'page', status: 200, language, path: trimmed, query: query === '' ? '' : canonicalQuery(route.path, query) };
  }
  const notFound = route.notFound;
  if (!notFound) return { kind: 'shell', status: 200 };
  // A path a route with a parameter does not list is unknown only when its remote's list was read.
  const unknown =
    notFound.shows === 'path' ||
    (render !== undefined && !render.listed.includes(trimmed) && !route.remotes.some((remote) => render.unlistedRemotes.includes(remote)));
  if (!unknown) return { kind: 'shell', status: 200 };
  if (!rendered?.notFoundPages.includes(notFound.page)) return { kind: 'shell', status: 404 };
  const shows = shownAsked(notFound.shows === 'path' ? path : (parameterOf(route.pattern, path) ?? ''));
  return { kind: 'not-found', status: 404, language, page: notFound.page, shows };
}
