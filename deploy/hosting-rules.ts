/**
 * How the four production builds are served, in one place. `npm run serve` (scripts/serve.mjs)
 * applies these rules in Node; deploy/nginx/render.mjs writes the same rules into the nginx
 * configuration; e2e/hosting.spec.ts checks both servers against them, hosting-rules.test.ts
 * checks the rules themselves.
 *
 * Patterns are written so that JavaScript and nginx (PCRE) read them the same way. Routes come
 * from the host build's routes.json (host/src/routes.ts) and remote locations from the
 * environment's remotes.json, read with the page's own module. Node runs this file as it is:
 * only TypeScript syntax that erases to JavaScript, and imports with their `.ts` extension.
 */
import type { RemoteName } from '@maison/shared';
import {
  entryUrlOf,
  parseRemotesJson,
  remoteOrigins,
  reportOrigin,
  type RemoteLocations,
} from '../host/src/federation/loading/remotesJson.ts';
import { firstMatching, parameterOf } from '../host/src/routePatterns.ts';
import type { ServedRoute } from '../host/src/routes.ts';
import { languageCookieValue } from '@maison/shared/language-cookie';
import { notFoundFileOf, pageFileOf, type RenderRecord } from './environment.ts';

/** Answered `no-cache`: what names the current deploy (entries, manifests, remotes.json, the pages, what crawlers read). */
export const UNCACHED_FILE = String.raw`(^|/)(remoteEntry\.js|mf-manifest\.json|mf-stats\.json|remotes\.json|index\.html|sitemap\.xml|robots\.txt)$`;
/** Content-hashed by the build (`[name].[contenthash:10].ext`): never changes, cached for a year. */
export const HASHED_FILE = String.raw`\.[0-9a-f]{10}\.(js|css|svg|png|webp|jpg|woff2)$`;
/** Source maps are written by the build for error tracking, never published. */
export const SOURCE_MAP = String.raw`\.map$`;

export const CACHE_CONTROL = {
  uncached: 'no-cache',
  hashed: 'public, max-age=31536000, immutable',
  other: 'public, max-age=3600',
};

export function cacheControl(pathname: string): string {
  if (new RegExp(UNCACHED_FILE).test(pathname)) return CACHE_CONTROL.uncached;
  if (new RegExp(HASHED_FILE).test(pathname)) return CACHE_CONTROL.hashed;
  return CACHE_CONTROL.other;
}

export function isSourceMap(pathname: string): boolean {
  return new RegExp(SOURCE_MAP).test(pathname);
}

/**
 * A page request, answered with a page of the shop: a browser navigation (it accepts HTML), or a
 * client that says nothing of what it accepts (curl, many link-preview bots: no Accept, or
 * `*\/*`) asking for a path that is not a file name (no dot in its last segment). A script,
 * image or fetch of a missing file stays a plain 404.
 */
export function isNavigation(method: string, accept = '', path = '/'): boolean {
  if (method !== 'GET' && method !== 'HEAD') return false;
  if (/text\/html/.test(accept)) return true;
  return /^\s*(\*\/\*)?\s*$/.test(accept) && !/\.[^/]*$/.test(path);
}

/** Root-relative entries in remotes.json belong to the shop's own origin, which the servers do not know. */
const SHOP_ORIGIN = 'https://shop.invalid';

/** What the servers derive from an environment's remotes.json (its text, as served). */
export interface ServedRemotes {
  locations: RemoteLocations;
  problems: string[];
  /** Origins besides the shop's own that remote code comes from: the policy allows them. */
  origins: string[];
  /** Where pages send their reports, if remotes.json names a report URL on another origin: the policy lets them connect to it. */
  reportOrigin?: string;
}

export function servedRemotes(text: string | undefined, names: readonly RemoteName[]): ServedRemotes {
  let raw: unknown;
  try {
    raw = JSON.parse(text ?? '{}');
  } catch {
    raw = null;
  }
  const parsed = parseRemotesJson(raw, { names, base: `${SHOP_ORIGIN}/` });
  const report = reportOrigin(parsed, SHOP_ORIGIN);
  const served = { locations: parsed.locations, problems: parsed.problems, origins: remoteOrigins(parsed.locations, SHOP_ORIGIN) };
  return report ? { ...served, reportOrigin: report } : served;
}

/** A URL as the shop's page names it: root-relative on the shop's own origin. */
const asServed = (url: string) => (url.startsWith(`${SHOP_ORIGIN}/`) ? url.slice(SHOP_ORIGIN.length) : url);

/**
 * Preload hints for the page a navigation opens: the manifest and entry of each remote its route
 * needs, first choice in remotes.json. They then download beside the host's own scripts
 * instead of after them.
 */
export function preloadLinks(routes: readonly ServedRoute[], locations: RemoteLocations): Array<{ pattern: string; link: string }> {
  return routes.map(({ pattern, remotes }) => ({
    pattern,
    link: remotes
      .flatMap((remote) => locations[remote]?.slice(0, 1) ?? [])
      .flatMap((manifest) => [
        `<${asServed(manifest)}>; rel=preload; as=fetch; crossorigin`,
        `<${asServed(entryUrlOf(manifest))}>; rel=preload; as=script`,
      ])
      .join(', '),
  }));
}

/** The Link header for a request path, from preloadLinks(); undefined when the route needs no remote. */
export function preloadLinkFor(path: string, links: ReadonlyArray<{ pattern: string; link: string }>): string | undefined {
  return firstMatching(links, path)?.link || undefined;
}

/**
 * One policy for the four apps: scripts, styles, data and images from this origin and the
 * configured remote origins only. No inline code and no eval anywhere (production CSS is in
 * files), so neither 'unsafe-inline' nor 'unsafe-eval' is allowed.
 *
 * default-src names the remote origins too, for the idle prefetch of other teams' pages
 * (`<link rel="prefetch">`): the standard checks a prefetch against default-src, whatever it
 * fetches, and Firefox does so (Chromium checks its `as` directive). Every other kind of fetch
 * that would fall back to default-src has its own directive below, so that is all it allows.
 */
export function contentSecurityPolicy({ origins, reportOrigin }: Pick<ServedRemotes, 'origins' | 'reportOrigin'>): string {
  const sources = ["'self'", ...origins].join(' ');
  return [
    `default-src ${sources}`,
    `script-src ${sources}`,
    `style-src ${sources}`,
    `connect-src ${[sources, reportOrigin].filter(Boolean).join(' ')}`,
    `img-src ${sources}`,
    "font-src 'self'",
    "object-src 'none'",
    "child-src 'none'",
    "frame-src 'none'",
    "worker-src 'none'",
    "media-src 'none'",
    "manifest-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/** The shop uses none of these browser features. */
const DENIED_FEATURES = [
  'accelerometer',
  'autoplay',
  'camera',
  'display-capture',
  'geolocation',
  'gyroscope',
  'magnetometer',
  'microphone',
  'midi',
  'payment',
  'publickey-credentials-get',
  'serial',
  'usb',
  'xr-spatial-tracking',
];

/** Sent with every response of every app. */
export function securityHeaders(remotes: Pick<ServedRemotes, 'origins' | 'reportOrigin'>): Record<string, string> {
  return {
    'Content-Security-Policy': contentSecurityPolicy(remotes),
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    'Permissions-Policy': DENIED_FEATURES.map((feature) => `${feature}=()`).join(', '),
    'Cross-Origin-Opener-Policy': 'same-origin',
    'X-Frame-Options': 'DENY',
  };
}

/**
 * Remotes' files are read from the shop's page on another origin (the manifest by fetch,
 * chunks and styles by the federation runtime), so remotes answer them with CORS, their
 * 404s included (so the page sees "404", not a CORS error). Public, uncredentialed files:
 * any origin may read them. Never on HTML, never on the host.
 */
export const HTML_FILE = String.raw`\.html$`;

export function corsHeaders({ isRemote, pathname }: { isRemote: boolean; pathname: string }): Record<string, string> {
  if (!isRemote || new RegExp(HTML_FILE).test(pathname)) return {};
  return { 'Access-Control-Allow-Origin': '*' };
}

/**
 * How a browser navigation (a page request) is answered, by the route table and what the
 * environment's current generation rendered (deploy/environment.ts):
 * - a legacy path the catalogue moved: a permanent redirect;
 * - the shopper's own pages (cart, checkout, profile): the shop's page, rendered in the browser;
 * - a public page with no query, rendered: that page, in the language the cookie names;
 * - a path no page exists for: HTTP 404 with the shop's 404 page, or the product-not-found page
 *   for an unknown product (showing the path or the parameter, put in by the server);
 * - anything else (a query, which asks for a view the page was not rendered with; a page that
 *   could not be rendered): the shop's page, rendered in the browser, as without rendering.
 * `render` is the current generation's record, when its pages may be served (fresh).
 */
export type NavigationAnswer =
  | { kind: 'redirect'; status: 301; location: string }
  | { kind: 'page'; status: 200; file: string }
  | { kind: 'not-found'; status: 404; file: string; shows: string }
  | { kind: 'shell'; status: 200 | 404 };

export function navigationAnswer({
  path,
  query,
  cookie,
  routes,
  render,
}: {
  /** The request's path, as sent (not decoded). */
  path: string;
  /** Its query, without the '?'; empty for none. */
  query: string;
  cookie: string | undefined;
  routes: readonly ServedRoute[];
  render: RenderRecord | undefined;
}): NavigationAnswer {
  const route = firstMatching(routes, path);
  const trimmed = path.length > 1 ? path.replace(/\/+$/, '') : path;
  const redirect = render?.redirects[trimmed];
  if (redirect) return { kind: 'redirect', status: 301, location: redirect };
  if (!route || route.served === 'client') return { kind: 'shell', status: 200 };
  const languages = render?.languages ?? [];
  const chosen = languageCookieValue(cookie);
  const language = chosen && languages.includes(chosen) ? chosen : languages[0];
  const pageFile = pageFileOf(path);
  if (render && pageFile && render.pages.includes(trimmed)) {
    return query === '' ? { kind: 'page', status: 200, file: `pages/${language}/${pageFile}` } : { kind: 'shell', status: 200 };
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
  if (!render?.notFoundPages.includes(notFound.page)) return { kind: 'shell', status: 404 };
  const shows = notFound.shows === 'path' ? path : (parameterOf(route.pattern, path) ?? '');
  return { kind: 'not-found', status: 404, file: `pages/${language}/${notFoundFileOf(notFound.page)}`, shows };
}
