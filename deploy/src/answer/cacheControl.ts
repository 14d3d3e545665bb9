/** How long each kind of answer may be kept, by shared caches and browsers: the cache classes. */
import { ENTRY_FILE, MANIFEST_FILE } from '@maison/host/contract';

export const CACHE_CONTROL = {
  // Why: docs/decisions/serving.md#cache-classes
  page: 'public, max-age=0, must-revalidate, s-maxage=10, stale-while-revalidate=60',
  uncached: 'no-cache',
  /** Content-hashed by the build (`[name].[contenthash:10].ext`): never changes. */
  hashed: 'public, max-age=31536000, immutable',
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
