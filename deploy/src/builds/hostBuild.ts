/**
 * The host build as the deploy reads it, once, into one checked object: its route table
 * (dist/routes.json), its page as data (dist/page-shell.json) and its renderer
 * (dist-server/render.cjs). The answerer, the publish and the development server all read it
 * with `readHostBuild`; a build that is missing or cut short is a problem that says which file
 * and why, never a half-read build.
 */
import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { HOST_BUILD_FILES, type PageShell, type ServedRoute } from '@maison/host/hosting';

export const HOST_BUILD_FILE = {
  routes: HOST_BUILD_FILES.routes,
  shell: HOST_BUILD_FILES.shell,
  renderer: path.join(HOST_BUILD_FILES.rendererDir, HOST_BUILD_FILES.renderer),
} as const;

export interface HostBuild {
  /** Which build this is (page-shell.json's hostBuild): pages are served only beside the build that rendered them. */
  id: string;
  /** Its version, as its pages name it (their beacons, their stamp). */
  version: string;
  routes: readonly ServedRoute[];
  shell: PageShell;
  /** The renderer's module (a CommonJS file), loaded only by what renders: a publish, a render worker. */
  rendererFile: string;
}

/** Reads a file of the host's browser build (dist/), or undefined when it is not there. */
export type BuildFileReader = (name: string) => Buffer | undefined;

export const diskReader =
  (dist: string): BuildFileReader =>
  (name) => {
    try {
      return readFileSync(path.join(dist, name));
    } catch {
      return undefined;
    }
  };

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

function routeProblem(route: unknown): string | undefined {
  if (!isObject(route)) return 'is not an object';
  if (typeof route.path !== 'string' || typeof route.pattern !== 'string') return 'has no path and pattern';
  if (!Array.isArray(route.remotes) || route.remotes.some((remote) => typeof remote !== 'string')) return 'has no list of remotes';
  if (route.notFound !== undefined && (!isObject(route.notFound) || typeof route.notFound.page !== 'string')) return 'has a bad notFound';
  return undefined;
}

function shellProblem(shell: unknown): string | undefined {
  if (!isObject(shell)) return 'is not an object';
  if (typeof shell.hostBuild !== 'string' || shell.hostBuild === '') return 'names no hostBuild';
  if (typeof shell.version !== 'string' || shell.version === '') return 'names no version';
  if (typeof shell.startScript !== 'string' || shell.startScript === '') return 'has no startScript';
  if (!isObject(shell.stylesheets) || Object.values(shell.stylesheets).some((text) => typeof text !== 'string'))
    return 'has no stylesheets';
  if (!Array.isArray(shell.headTags) || shell.headTags.some((tag) => !isObject(tag) || typeof tag.tagName !== 'string'))
    return 'has no list of head tags';
  return undefined;
}

function parsed(read: BuildFileReader, name: string): unknown {
  const bytes = read(name);
  if (!bytes) throw new Error(`${name} is missing`);
  try {
    return JSON.parse(bytes.toString('utf8')) as unknown;
  } catch (error) {
    throw new Error(`${name} is not JSON (${(error as Error).message})`, { cause: error });
  }
}

/**
 * The host build in `hostDir`: its dist/ read through `read` (the disk by default; the development
 * server passes webpack's in-memory output) and its renderer at `rendererFile` (dist-server/ by
 * default). Throws an error naming the file and the problem.
 */
export function readHostBuild(
  hostDir: string,
  {
    read = diskReader(path.join(hostDir, 'dist')),
    rendererFile = path.join(hostDir, HOST_BUILD_FILE.renderer),
  }: { read?: BuildFileReader; rendererFile?: string } = {},
): HostBuild {
  const routes = parsed(read, HOST_BUILD_FILE.routes);
  if (!Array.isArray(routes) || routes.length === 0) throw new Error(`${HOST_BUILD_FILE.routes} is not a route table`);
  for (const [index, route] of routes.entries()) {
    const problem = routeProblem(route);
    if (problem) throw new Error(`${HOST_BUILD_FILE.routes}: route ${index} ${problem}`);
  }
  const shell = parsed(read, HOST_BUILD_FILE.shell);
  const problem = shellProblem(shell);
  if (problem) throw new Error(`${HOST_BUILD_FILE.shell} ${problem}`);
  return {
    id: (shell as PageShell).hostBuild,
    version: (shell as PageShell).version,
    routes: routes as ServedRoute[],
    shell: shell as PageShell,
    rendererFile,
  };
}

export type HostBuildState = { build: HostBuild; key: string } | { build?: undefined; key: string; problem: string };

/** A file's size and time, or '-': enough to see a build replaced. */
export function fileStamp(file: string): string {
  const stats = statSync(file, { throwIfNoEntry: false });
  return stats ? `${stats.size}@${stats.mtimeMs}` : '-';
}

/**
 * The host build as a running server sees it, the one owner of that state: read again when it
 * changes (its files on disk, checked at most every `recheckMs`; or the stamp a development server
 * gives, from webpack's in-memory output), so a host deploy under a running server is followed; a
 * problem is said once, and every page is then rendered in the browser until the build is whole.
 */
export function watchHostBuild(
  hostDir: string,
  log: (line: string) => void,
  {
    recheckMs = 250,
    read,
    rendererFile,
    stamp = () => [HOST_BUILD_FILE.routes, HOST_BUILD_FILE.shell].map((name) => fileStamp(path.join(hostDir, 'dist', name))).join('|'),
  }: { recheckMs?: number; read?: BuildFileReader; rendererFile?: string; stamp?: () => string } = {},
): { now(): HostBuildState } {
  let state: HostBuildState | undefined;
  let checkedAt = -Infinity;
  return {
    now() {
      if (state && performance.now() - checkedAt < recheckMs) return state;
      checkedAt = performance.now();
      const key = stamp();
      if (state?.key === key) return state;
      const before = state && !state.build ? state.problem : undefined;
      try {
        state = { build: readHostBuild(hostDir, { ...(read ? { read } : {}), ...(rendererFile ? { rendererFile } : {}) }), key };
      } catch (error) {
        state = { key, problem: (error as Error).message };
        if (state.problem !== before)
          log(`[serve] ${path.join(hostDir, 'dist')}: ${state.problem}: every page is rendered in the browser until the host is built`);
      }
      return state;
    },
  };
}
