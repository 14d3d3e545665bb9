/**
 * What the host build tells its server: its route table (routes.json, from host/src/routes.ts)
 * and which build it is (page-shell.json's hostBuild: rendered pages are served only beside the
 * build that rendered them). Re-read when the files change, so a host deploy under a running
 * server is followed; a build without them (not built yet, cut short) serves every page
 * rendered in the browser, and says so once.
 */
import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import type { ServedRoute } from '@maison/host/hosting';

export interface HostBuild {
  key: string;
  routes: readonly ServedRoute[];
  hostBuild?: string;
}

const FILES = { routes: 'routes.json', shell: 'page-shell.json' } as const;

function stamp(file: string): string {
  const stats = statSync(file, { throwIfNoEntry: false });
  return stats ? `${stats.size}@${stats.mtimeMs}` : '-';
}

function read(dist: string, key: string): HostBuild & { problem?: string } {
  try {
    const routes = JSON.parse(readFileSync(path.join(dist, FILES.routes), 'utf8')) as ServedRoute[];
    if (!Array.isArray(routes) || routes.some((route) => typeof route?.pattern !== 'string'))
      throw new Error(`${FILES.routes} is not a route table`);
    const { hostBuild } = JSON.parse(readFileSync(path.join(dist, FILES.shell), 'utf8')) as { hostBuild?: unknown };
    if (typeof hostBuild !== 'string') throw new Error(`${FILES.shell} names no hostBuild`);
    return { key, routes, hostBuild };
  } catch (error) {
    return { key, routes: [], problem: (error as Error).message };
  }
}

export function hostBuildOf(dist: string, log: (line: string) => void, recheckMs = 250): { now(): HostBuild } {
  let build: (HostBuild & { problem?: string }) | undefined;
  let checkedAt = -Infinity;
  return {
    now() {
      if (build && performance.now() - checkedAt < recheckMs) return build;
      checkedAt = performance.now();
      const key = `${stamp(path.join(dist, FILES.routes))}|${stamp(path.join(dist, FILES.shell))}`;
      if (build?.key === key) return build;
      const previous = build;
      build = read(dist, key);
      if (build.problem && build.problem !== previous?.problem)
        log(`[serve] ${dist}: ${build.problem}: every page is rendered in the browser until the host is built`);
      return build;
    },
  };
}
