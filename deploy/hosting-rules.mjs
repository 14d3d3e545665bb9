/**
 * How the four production builds are served, in one place. `npm run serve` (scripts/serve.mjs)
 * applies these rules in Node; deploy/nginx/render.mjs writes the same rules into the nginx
 * configuration; e2e/hosting.spec.ts checks both servers against them.
 *
 * Patterns are written so that JavaScript and nginx (PCRE) read them the same way.
 */

/** Answered `no-cache`: what names the current deploy (entries, manifests, remotes.json, the page). */
export const UNCACHED_FILE = String.raw`(^|/)(remoteEntry\.js|mf-manifest\.json|mf-stats\.json|remotes\.json|index\.html)$`;
/** Content-hashed by the build (`[name].[contenthash:10].ext`): never changes, cached for a year. */
export const HASHED_FILE = String.raw`\.[0-9a-f]{10}\.(js|css|svg|png|webp|jpg|woff2)$`;
/** Source maps are written by the build for error tracking, never published. */
export const SOURCE_MAP = String.raw`\.map$`;

export const CACHE_CONTROL = {
  uncached: 'no-cache',
  hashed: 'public, max-age=31536000, immutable',
  other: 'public, max-age=3600',
};

export function cacheControl(pathname) {
  if (new RegExp(UNCACHED_FILE).test(pathname)) return CACHE_CONTROL.uncached;
  if (new RegExp(HASHED_FILE).test(pathname)) return CACHE_CONTROL.hashed;
  return CACHE_CONTROL.other;
}

export function isSourceMap(pathname) {
  return new RegExp(SOURCE_MAP).test(pathname);
}

/** A browser navigation: the shopper typed or followed a link, so the answer is the shop's page. */
export function isNavigation(method, accept = '') {
  return (method === 'GET' || method === 'HEAD') && /text\/html/.test(accept);
}

/**
 * A route pattern of the host (`/products/:slug`) as a regular expression over the request URI
 * (path and query), for JavaScript and nginx alike; match it case-insensitively, as the router does.
 */
export function routePatternSource(pattern) {
  const segments = pattern
    .split('/')
    .filter(Boolean)
    .map((segment) => (segment.startsWith(':') ? '[^/?#]+' : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
  return segments.length === 0 ? String.raw`^/(\?.*)?$` : `^/${segments.join('/')}/?(\\?.*)?$`;
}

/**
 * Preload hints for the page a navigation opens: the manifest and entry of each remote its route
 * needs (remote-routes.json, written by the host build), first choice in remotes.json. They then
 * download beside the host's own scripts instead of after them. The entry is `remoteEntry.js`
 * beside the manifest, as every remote here is built.
 */
export function preloadLinks(remoteRoutes, remotesConfig) {
  const firstChoice = (remote) => {
    const value = remotesConfig?.[remote];
    const url = Array.isArray(value) ? value[0] : value;
    return typeof url === 'string' && /\/mf-manifest\.json$/.test(url) ? url : undefined;
  };
  return (remoteRoutes ?? []).map(({ path, remotes }) => ({
    pattern: routePatternSource(path),
    link: remotes
      .map(firstChoice)
      .filter(Boolean)
      .flatMap((manifest) => [
        `<${manifest}>; rel=preload; as=fetch; crossorigin`,
        `<${manifest.replace(/mf-manifest\.json$/, 'remoteEntry.js')}>; rel=preload; as=script`,
      ])
      .join(', '),
  }));
}

/** The Link header for a request URI, from preloadLinks(); undefined when the route needs no remote. */
export function preloadLinkFor(requestUri, links) {
  return links.find(({ pattern, link }) => link && new RegExp(pattern, 'i').test(requestUri))?.link;
}

/** The origins of every manifest URL in remotes.json (fallbacks included); relative entries are 'self'. */
export function remoteOriginsOf(remotesConfig) {
  const origins = new Set();
  const values = typeof remotesConfig === 'object' && remotesConfig !== null ? Object.values(remotesConfig) : [];
  for (const value of values.flatMap((entry) => (Array.isArray(entry) ? entry : [entry]))) {
    if (typeof value !== 'string') continue;
    try {
      const url = new URL(value);
      if (url.protocol === 'http:' || url.protocol === 'https:') origins.add(url.origin);
    } catch {
      // Relative (same origin) or not a URL: the page refuses it anyway (remoteConfig.ts).
    }
  }
  return [...origins].sort();
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
export function contentSecurityPolicy(remoteOrigins) {
  const sources = ["'self'", ...remoteOrigins].join(' ');
  return [
    `default-src ${sources}`,
    `script-src ${sources}`,
    `style-src ${sources}`,
    `connect-src ${sources}`,
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
export function securityHeaders(remoteOrigins) {
  return {
    'Content-Security-Policy': contentSecurityPolicy(remoteOrigins),
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

export function corsHeaders({ isRemote, pathname }) {
  if (!isRemote || new RegExp(HTML_FILE).test(pathname)) return {};
  return { 'Access-Control-Allow-Origin': '*' };
}
