/**
 * Paths that stay on the shop's own origin. To a browser's URL parser a path that starts with two
 * slashes (`//evil.example/`), or a slash and a backslash, names another origin, so every address
 * the shop builds from a path goes through `sameOriginPath`. `normalPath` is the one spelling of a
 * path that caches read alike (nginx's `$uri`): the servers send any other spelling to it.
 */

/** Unreserved characters (RFC 3986 §2.3): escaping one changes nothing. */
const UNRESERVED = /^[A-Za-z0-9\-._~]$/;
// eslint-disable-next-line no-control-regex -- control characters are what it finds
const CONTROL = /[\u0000-\u001f\u007f]/;
/** A path of this shop: one slash, then anything but a slash or a backslash (or nothing). */
const SAME_ORIGIN = /^\/(?![/\\])/;

/**
 * A path in its normal form: escaped unreserved characters decoded and other escapes upper-cased;
 * an escaped or literal backslash or slash read as a slash (as caches decode them); runs of
 * slashes merged; `.` and `..` segments resolved (never above the root). A trailing slash stays.
 */
export function normalPath(path: string): string {
  const decoded = path.replace(/%([0-9a-fA-F]{2})/g, (escape, hex: string) => {
    const character = String.fromCharCode(parseInt(hex, 16));
    if (UNRESERVED.test(character)) return character;
    return character === '/' || character === '\\' ? '/' : escape.toUpperCase();
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

/** Whether `address` (a path, with any query or fragment) stays on the page's own origin. */
export function isSameOriginPath(address: string): boolean {
  return SAME_ORIGIN.test(address) && !CONTROL.test(address);
}

/**
 * `address` (a path with any query and fragment) as a path of this origin, whatever it was given:
 * control characters dropped, the path made root-relative and normal (no `//`, `/\` or `..`
 * left to leave the origin by), the query and fragment kept.
 */
export function sameOriginPath(address: string): string {
  const clean = address.replace(new RegExp(CONTROL, 'g'), '');
  const cut = clean.search(/[?#]/);
  const [path, rest] = cut === -1 ? [clean, ''] : [clean.slice(0, cut), clean.slice(cut)];
  return `${normalPath(`/${path}`)}${rest}`;
}
