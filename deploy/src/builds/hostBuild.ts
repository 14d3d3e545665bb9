/** The host build read once into one checked object (routes, page shell, renderer), and watched: docs/decisions/serving.md#host-build */
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { HOST_BUILD_FILES, PAGE_SHELL, readJson, ROUTE_TABLE } from '@maison/host/contract';

/** Reads a file of the host's browser build (dist/), or undefined when it is not there. */
type BuildFileReader = (name: string) => Buffer | undefined;

function readFile<Schema extends Parameters<typeof readJson>[2]>(read: BuildFileReader, name: string, schema: Schema) {
  const bytes = read(name);
  if (!bytes) throw new Error(`${name} is missing`);
  return readJson(name, bytes.toString('utf8'), schema);
}

/** The host build in `hostDir` (dist/ read through `read`: webpack's in-memory output in development); throws naming the file. */
export function readHostBuild(
  hostDir: string,
  {
    read = (name) => (existsSync(path.join(hostDir, 'dist', name)) ? readFileSync(path.join(hostDir, 'dist', name)) : undefined),
    rendererFile = path.join(hostDir, HOST_BUILD_FILES.rendererDir, HOST_BUILD_FILES.renderer),
  }: { read?: BuildFileReader; rendererFile?: string } = {},
) {
  const routes = readFile(read, HOST_BUILD_FILES.routes, ROUTE_TABLE);
  const shell = readFile(read, HOST_BUILD_FILES.shell, PAGE_SHELL);
  return { id: shell.hostBuild, version: shell.version, routes, shell, rendererFile };
}

export type HostBuild = ReturnType<typeof readHostBuild>;

export type HostBuildState = { build: HostBuild; key: string } | { build?: undefined; key: string; problem: string };

/** A file's size and time, or '-': enough to see a build replaced. */
export function fileStamp(file: string): string {
  const stats = statSync(file, { throwIfNoEntry: false });
  return stats ? `${stats.size}@${stats.mtimeMs}` : '-';
}

/** `read(key)` again when `stamp()` changes, looked at no more than every `recheckMs`: how servers see builds and environments change. */
export function rechecked<T extends { key: string }>(recheckMs: number, stamp: () => string, read: (key: string, last?: T) => T): () => T {
  let last: T | undefined;
  let checkedAt = -Infinity;
  return () => {
    if (last && performance.now() - checkedAt < recheckMs) return last;
    checkedAt = performance.now();
    const key = stamp();
    if (last?.key !== key) last = read(key, last);
    return last;
  };
}

/** The host build as a running server sees it, read again when its files (or `stamp`) change; a problem is said once. */
export function watchHostBuild(
  hostDir: string,
  log: (line: string) => void,
  {
    recheckMs = 250,
    stamp = () => [HOST_BUILD_FILES.routes, HOST_BUILD_FILES.shell].map((name) => fileStamp(path.join(hostDir, 'dist', name))).join('|'),
    ...files
  }: { recheckMs?: number; stamp?: () => string } & Parameters<typeof readHostBuild>[1] = {},
): { now(): HostBuildState } {
  const now = rechecked<HostBuildState>(recheckMs, stamp, (key, last) => {
    try {
      return { build: readHostBuild(hostDir, files), key };
    } catch (error) {
      const problem = (error as Error).message;
      if (last?.build || problem !== last?.problem)
        log(`[serve] ${path.join(hostDir, 'dist')}: ${problem}: every page is rendered in the browser until the host is built`);
      return { key, problem };
    }
  });
  return { now };
}
