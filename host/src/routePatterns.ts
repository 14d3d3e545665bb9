/**
 * How a route path (react-router's syntax) becomes a pattern the servers can match: the one
 * compilation the page's start-up code and the answerer (deploy/, through routes.json) share.
 * Node runs this file as it is (the servers import it through host/src/hosting.ts), so it imports
 * nothing and uses only TypeScript syntax that erases to JavaScript.
 */
const SPECIAL = /[.*+?^${}()|[\]\\]/g;

/**
 * A route's path as a regular expression source over a URL path (no query); match it
 * case-insensitively, as the router does. Like react-router, any number of trailing slashes is
 * allowed, a parameter is one non-empty segment (captured, so a server can show it), and the
 * catch-all takes everything else.
 */
export function routePatternSource(path: string): string {
  if (path === '*') return '^/';
  const segments = path
    .split('/')
    .filter(Boolean)
    .map((segment) => (segment.startsWith(':') ? '([^/]+)' : segment.replace(SPECIAL, '\\$&')));
  return `^/${segments.join('/')}${segments.length > 0 ? '/*' : '*'}$`;
}

/**
 * The path as react-router matches it: each segment percent-decoded, an encoded slash kept
 * encoded (it stays inside its segment), and an undecodable path left as it is.
 */
export function decodedPath(pathname: string): string {
  if (!pathname.includes('%')) return pathname;
  try {
    // One pass over the whole path (a server reads paths thousands of segments long): an escaped
    // slash is escaped once more first, so that decoding leaves it escaped.
    return decodeURIComponent(pathname.replace(/%2F/gi, '%252F'));
  } catch {
    return pathname;
  }
}

const compiled = new Map<string, RegExp>();

/** The first route whose pattern matches the path (its query, if any, is not read), as the router picks it: on the path decoded as react-router decodes it. */
export function firstMatching<Route extends { pattern: string }>(routes: readonly Route[], path: string): Route | undefined {
  const query = path.indexOf('?');
  const pathname = decodedPath(query === -1 ? path : path.slice(0, query));
  return routes.find(({ pattern }) => {
    let regexp = compiled.get(pattern);
    if (!regexp) compiled.set(pattern, (regexp = new RegExp(pattern, 'i')));
    return regexp.test(pathname);
  });
}

/** The first parameter's value in a path that matches `pattern` (decoded as react-router decodes it), if any. */
export function parameterOf(pattern: string, path: string): string | undefined {
  const query = path.indexOf('?');
  const pathname = decodedPath(query === -1 ? path : path.slice(0, query));
  // As react-router gives it to the page: a decoded '/' inside the segment is a '/' again.
  return new RegExp(pattern, 'i').exec(pathname)?.[1]?.replace(/%2F/g, '/');
}
