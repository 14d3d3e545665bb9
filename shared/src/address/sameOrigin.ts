/**
 * Paths that stay on the shop's own origin. To a browser's URL parser a path that starts with two
 * slashes (`//evil.example/`), or a slash and a backslash, names another origin, so every address
 * the shop builds from a path goes through `sameOriginPath`. `normalPath` is the one spelling of a
 * path that caches read alike (nginx's `$uri`): the servers send any other spelling to it.
 */

/** Unreserved characters (RFC 3986 §2.3): escaping one changes nothing. */
const UNRESERVED = /^[A-Za-z0-9\-._~]$/;
/** What sameOriginPath drops: the slashes, backslashes and control characters a path starts with, and control characters anywhere. */
// eslint-disable-next-line no-control-regex -- control characters are what it drops
const UNSAFE = /^[/\\\u0000-\u001f\u007f]+|[\u0000-\u001f\u007f]/g;

/**
 * A path in its normal form: escaped unreserved characters decoded (other escapes kept as sent);
 * an escaped or literal backslash or slash read as a slash (as caches decode them); runs of
 * slashes merged; `.` and `..` segments resolved (never above the root). A trailing slash stays.
 */
export function normalPath(path: string): string {
  const decoded = path.replace(/%([0-9a-fA-F]{2})/g, (escape, hex: string) => {
    const character = String.fromCharCode(parseInt(hex, 16));
    if (UNRESERVED.test(character)) return character;
    return character === '/' || character === '\\' ? '/' : escape;
  });
  const segments = decoded.replace(/\\/g, '/').split('/').slice(1);
  const kept: string[] = [];
  segments.forEach((segment, index) => {
    const last = index === segments.length - 1;
    if (segment === '..') kept.pop();
    if (segment !== '' && segment !== '.' && segment !== '..') kept.push(segment);
    else if (last) kept.push('');
  });
  return `/${kept.join('/')}`;
}

/**
 * `address` (a path with any query and fragment) as a path of this origin, whatever it was given:
 * control characters dropped (a URL parser drops tabs and line breaks, which could join two
 * slashes), and the slashes and backslashes it starts with (`//`, `/\`) made one slash.
 */
export function sameOriginPath(address: string): string {
  return `/${address.replace(UNSAFE, '')}`;
}
