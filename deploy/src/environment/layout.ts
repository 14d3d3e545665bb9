/** An environment's folder layout: docs/decisions/serving.md#environment-layout */
import path from 'node:path';
import type { RenderRecord } from '@maison/host/contract';
import { REMOTE_NAMES } from '../../../apps.mts';

export const ENVIRONMENT_FILE = {
  remotes: 'remotes.json',
  site: 'environment.json',
  current: 'current',
  generations: 'generations',
  lock: 'publish.lock',
} as const;

export const GENERATION_FILE = {
  remotes: 'remotes.json',
  render: 'render.json',
  pages: 'pages',
  sitemap: 'sitemap.xml',
  robots: 'robots.txt',
  canary: 'canary',
} as const;

/** A generation being written: the scan for generations to serve skips these names. */
export const INCOMING_PREFIX = '.incoming-';

/** The local environment (`npm run serve`, the tests), from the repository's root. */
export const LOCAL_ENVIRONMENT_DIR = path.join('deploy', 'local');

/** The path without its trailing slashes ('/' stays '/'); a loop, so a path of slashes costs its length, not its square. */
export function withoutTrailingSlashes(pathname: string): string {
  let end = pathname.length;
  while (end > 1 && pathname.charCodeAt(end - 1) === 47 /* '/' */) end -= 1;
  return pathname.slice(0, end);
}

const PAGE_PATH = /^(?:\/[a-z0-9-]+)+$/;

/** The file a path's rendered page is in, below pages/<language>/; none for a path that never has one. */
export function pageFileOf(pathname: string): string | undefined {
  const trimmed = withoutTrailingSlashes(pathname);
  if (trimmed === '/') return 'index.html';
  return trimmed.length <= 512 && PAGE_PATH.test(trimmed) ? `${trimmed.slice(1)}.html` : undefined;
}

/** The file of a not-found page (a name no path has: paths have no underscore). */
export const notFoundFileOf = (page: string) => `_${page}.html`;

/** Every page file a render record promises, per language, relative to the generation. */
export function promisedPageFiles(render: RenderRecord): string[] {
  return render.languages.flatMap((language) => [
    ...render.pages.map((page) => path.join(GENERATION_FILE.pages, language, pageFileOf(page) ?? `?${page}`)),
    ...render.notFoundPages.map((page) => path.join(GENERATION_FILE.pages, language, notFoundFileOf(page))),
  ]);
}

/** Root-relative entries in remotes.json belong to the shop's own origin, which a server need not know. */
export const SHOP_ORIGIN = 'https://shop.invalid';

/** How the servers and the CLIs read remotes.json: apps.json's remotes, root-relative entries on the shop's origin. */
export const REMOTES_RULES = { names: REMOTE_NAMES, base: `${SHOP_ORIGIN}/` };
