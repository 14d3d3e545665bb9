/** Requests refused before any rule: 414 (request line), 431 (headers), 400 (bad target). */
// Why: docs/decisions/serving.md#refusals-match-nginx
export const REQUEST_LIMITS = {
  requestLine: 8 * 1024,
  headerLine: 8 * 1024,
  headers: 32 * 1024,
} as const;

const HEX = /^[0-9a-fA-F]{2}$/;

/** Whether `..` segments climb above the root, escaped dots and slashes decoded first (as nginx does). */
function climbsAboveRoot(pathname: string): boolean {
  if (!pathname.includes('.') && !/%2e/i.test(pathname)) return false;
  let depth = 0;
  for (const segment of pathname.replace(/%2e/gi, '.').replace(/%2f/gi, '/').split('/').slice(1)) {
    if (segment === '..') depth -= 1;
    else if (segment !== '.' && segment !== '') depth += 1;
    if (depth < 0) return true;
  }
  return false;
}

/** The status a request target is refused with, or undefined when it may be answered. */
export function refusedTarget(target: string): 400 | 414 | undefined {
  // "GET " and " HTTP/1.1" around the target are part of the request line.
  if (target.length + 13 > REQUEST_LIMITS.requestLine) return 414;
  if (!target.startsWith('/')) return 400;
  for (let at = target.indexOf('%'); at !== -1; at = target.indexOf('%', at + 1)) {
    const code = target.slice(at + 1, at + 3);
    if (!HEX.test(code) || code === '00') return 400;
  }
  const query = target.indexOf('?');
  return climbsAboveRoot(query === -1 ? target : target.slice(0, query)) ? 400 : undefined;
}

/** 431 when a header line, or all of them, are longer than the limits; `rawHeaders` as Node gives them (name, value, …). */
export function refusedHeaders(rawHeaders: readonly string[]): 431 | undefined {
  let total = 0;
  for (let index = 0; index + 1 < rawHeaders.length; index += 2) {
    // "name: value\r\n"
    const line = rawHeaders[index]!.length + rawHeaders[index + 1]!.length + 4;
    if (line > REQUEST_LIMITS.headerLine) return 431;
    total += line;
  }
  return total > REQUEST_LIMITS.headers ? 431 : undefined;
}
