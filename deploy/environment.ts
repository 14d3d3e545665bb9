/**
 * An environment (local, staging, production) is a folder:
 *
 *   remotes.json                 the environment's remotes.json, as its operators write it
 *   current -> generations/<id>  what the servers serve: switched in one step (a symlink rename)
 *   generations/<id>/
 *     remotes.json               the remotes.json this generation was rendered from
 *     render.json                what rendered it (host build, remote builds), which pages exist
 *     pages/<language>/…html     the public pages, rendered (`/` is index.html, `/a/b` is a/b.html)
 *     sitemap.xml, robots.txt
 *
 * Publishing renders the environment's remotes.json into a new generation and then switches
 * `current` to it, so the servers always serve a remotes.json together with the pages rendered
 * from it: a page rendered from other builds is never served (scripts/render.mjs publishes).
 * Node runs this file as it is: only TypeScript that erases, imports with their extension.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, realpathSync, renameSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export const SOURCE_FILE = 'remotes.json';
/** The local environment (`npm run serve`, the tests), from the repository's root. */
export const LOCAL_ENVIRONMENT_DIR = 'deploy/local';
export const CURRENT = 'current';
const GENERATIONS = 'generations';
/** Older generations kept for a rollback (switch `current` back); the rest are removed on publish. */
const KEPT_GENERATIONS = 4;

/** What render.json says of a generation. */
export interface RenderRecord {
  /** The host build whose renderer rendered the pages (they name its scripts). */
  hostBuild: string;
  /** The shop's public origin: canonical URLs and the sitemap use it. */
  origin: string;
  renderedAt: string;
  languages: string[];
  /** Each remote the pages show: the manifest it was loaded from (a first choice in remotes.json). */
  remotes: Record<string, string>;
  /** Every public path the host and the remotes listed. */
  listed: string[];
  /** The paths that have a rendered page, in every language. */
  pages: string[];
  /** The not-found pages rendered (hosting-rules.ts serves them with HTTP 404). */
  notFoundPages: string[];
  /** Legacy paths and where they are now. */
  redirects: Record<string, string>;
  /** Remotes whose list of paths could not be read: no path of their routes is called unknown. */
  unlistedRemotes: string[];
  /** What could not be rendered, and why: those routes are client-rendered. */
  problems: string[];
}

/** The file a path's rendered page is in, below pages/<language>/; none for a path that never has one. */
export function pageFileOf(pathname: string): string | undefined {
  const trimmed = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  if (trimmed === '/') return 'index.html';
  return /^(\/[a-z0-9-]+)+$/.test(trimmed) ? `${trimmed.slice(1)}.html` : undefined;
}

/** The file of a not-found page (a name no path has: paths have no underscore). */
export function notFoundFileOf(page: string): string {
  return `_${page}.html`;
}

export interface Published {
  /** The generation's folder (its real path). */
  dir: string;
  remotesJson: string;
  render: RenderRecord | undefined;
}

/** What the servers serve now; undefined before the environment's first publish. */
export function currentGeneration(env: string): Published | undefined {
  const link = path.join(env, CURRENT);
  if (!existsSync(link)) return undefined;
  const dir = realpathSync(link);
  const renderFile = path.join(dir, 'render.json');
  return {
    dir,
    remotesJson: readFileSync(path.join(dir, SOURCE_FILE), 'utf8'),
    render: existsSync(renderFile) ? (JSON.parse(readFileSync(renderFile, 'utf8')) as RenderRecord) : undefined,
  };
}

/**
 * The staleness rule: the render record whose pages may be served beside `hostBuild` (the host
 * build served, from its page-shell.json), or none. Pages are served only from the generation
 * published with the remotes.json they were rendered from (a publish switches both at once), and
 * only beside the host build whose files they name; anything else is served as before rendering
 * existed, rendered in the browser.
 */
export function servableRender(published: Published | undefined, hostBuild: string | undefined): RenderRecord | undefined {
  const render = published?.render;
  return hostBuild !== undefined && render?.hostBuild === hostBuild ? render : undefined;
}

let created = 0;

/** A new, empty generation holding `remotesJson`; it is served once published. Ids sort by creation. */
export function createGeneration(env: string, remotesJson: string): string {
  created += 1;
  const id = `${new Date().toISOString().replace(/[-:.]/g, '')}-${process.pid}-${String(created).padStart(4, '0')}`;
  const dir = path.join(env, GENERATIONS, id);
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, SOURCE_FILE), remotesJson);
  return dir;
}

/** Writes a file of a generation, its folders too. */
export function writeGenerationFile(dir: string, file: string, content: string): void {
  mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
  writeFileSync(path.join(dir, file), content);
}

/** Serves `dir` from now on: `current` switches in one rename. Older generations beyond a few are removed. */
export function publish(env: string, dir: string): void {
  const link = path.join(env, CURRENT);
  const next = path.join(env, `${CURRENT}.${process.pid}.tmp`);
  rmSync(next, { force: true });
  symlinkSync(path.relative(env, dir), next);
  renameSync(next, link);
  const generations = readdirSync(path.join(env, GENERATIONS)).sort();
  const live = path.basename(dir);
  for (const old of generations.slice(0, Math.max(0, generations.length - KEPT_GENERATIONS))) {
    if (old !== live) rmSync(path.join(env, GENERATIONS, old), { recursive: true, force: true });
  }
}
