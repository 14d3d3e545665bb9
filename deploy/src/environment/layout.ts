/**
 * An environment (local, staging, production) is a folder:
 *
 *   remotes.json                 the environment's remotes.json, as its operators write it
 *   environment.json             { "origin": "https://shop.example.com" }: the shop's public origin
 *   current -> generations/<id>  what the servers serve: switched in one step (a symlink rename)
 *   generations/<id>/            one publish, never changed once `current` may point at it
 *     remotes.json               the remotes.json this generation was rendered from
 *     render.json                what rendered it (host build, remote builds), which pages exist
 *     pages/<language>/…html     the public pages, rendered (`/` is index.html, `/a/b` is a/b.html)
 *     sitemap.xml, robots.txt
 *     canary/                    while a remote is shipped gradually (rollout/): its canary cohort's
 *       remotes.json, render.json, pages/   remotes.json, render record and pages, laid out alike
 *   generations/.incoming-<id>/  a publish being written (never served, removed if abandoned)
 *   publish.lock/                held by the one publish under way (environment/lock.ts)
 *
 * A page is only ever served from the generation of the remotes.json it was rendered from.
 */
import path from 'node:path';
import type { RenderRecord } from '@maison/host/contract';

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
export function notFoundFileOf(page: string): string {
  return `_${page}.html`;
}

/** Every page file a render record promises, per language, relative to the generation. */
export function promisedPageFiles(render: RenderRecord): string[] {
  return render.languages.flatMap((language) => [
    ...render.pages.map((page) => path.join(GENERATION_FILE.pages, language, pageFileOf(page) ?? `?${page}`)),
    ...render.notFoundPages.map((page) => path.join(GENERATION_FILE.pages, language, notFoundFileOf(page))),
  ]);
}
