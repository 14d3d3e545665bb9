/**
 * The host builds at the edge: each one the store keeps under builds/host/<id>/ (written at
 * publish, storeHostBuild.ts), listed once, its files read once and kept (a build never changes),
 * and answered through the same files answer as a build folder on disk (files.ts).
 */
import path from 'node:path';
import { HOST_BUILD_FILES } from '@maison/host/contract';
import { readHostBuild, type HostBuildState } from '../builds/hostBuild.ts';
import { buildFiles, type FileSource, type ReadableFileSystem } from '../answer/files.ts';
import { hostBuildKey } from '../environment/storeLayout.ts';
import type { ObjectStore } from '../store/objectStore.ts';

/** Where a host build's files "are" for the answer code. */
const buildDir = (id: string) => path.posix.join('/builds/host', id);

interface StoredBuild {
  state: HostBuildState;
  files: FileSource;
}

/** Host build `id` from the store: its file list, routes.json and page-shell.json read now, the rest on first use. */
async function loadBuild(store: ObjectStore, id: string): Promise<StoredBuild> {
  const prefix = hostBuildKey(id);
  const sizes = new Map((await store.list(prefix)).map(({ key, size }) => [key.slice(prefix.length), size]));
  const bytes = new Map<string, Promise<Buffer | undefined>>();
  const read = (file: string) => {
    let got = bytes.get(file);
    if (!got) {
      got = store.get(hostBuildKey(id, file)).then((answer) => (answer.status === 'found' ? Buffer.from(answer.body) : undefined));
      got.catch(() => bytes.delete(file));
      bytes.set(file, got);
    }
    return got;
  };
  const relative = (file: string) => path.posix.relative(buildDir(id), file);
  const fileSystem: ReadableFileSystem = {
    async stat(file) {
      const size = sizes.get(relative(file));
      if (size === undefined) throw Object.assign(new Error(`${file}: not in the store`), { code: 'ENOENT' });
      return { isFile: () => true, size, mtimeMs: 0 };
    },
    async readFile(file) {
      const got = await read(relative(file));
      if (!got) throw Object.assign(new Error(`${file}: not in the store`), { code: 'ENOENT' });
      return got;
    },
  };
  const prefetched = new Map<string, Buffer | undefined>();
  for (const name of [HOST_BUILD_FILES.routes, HOST_BUILD_FILES.shell])
    prefetched.set(name, sizes.has(name) ? await read(name) : undefined);
  let state: HostBuildState;
  try {
    state = { build: readHostBuild(buildDir(id), { read: (name) => prefetched.get(name), rendererFile: '' }), key: id };
  } catch (error) {
    state = { key: id, problem: `host build ${id} in the store: ${(error as Error).message}` };
  }
  return { state, files: buildFiles(buildDir(id), { isHost: true, sourceMaps: false }, fileSystem) };
}

/** Host builds kept in memory: the one served, one a rollback goes back to, and one more (the oldest loaded goes first). */
const KEPT_BUILDS = 3;

export function storeHostBuilds(store: ObjectStore, log: (line: string) => void) {
  const builds = new Map<string, StoredBuild>();
  const none: StoredBuild = { state: { key: '-', problem: 'no generation served yet' }, files: { find: async () => undefined } };
  return {
    /** Brings host build `id` from the store, once (again if it was let go); awaited before a generation it rendered is served. */
    async load(id: string): Promise<void> {
      const known = builds.get(id);
      // Kept as the most recent: the oldest loaded is the first to go.
      if (known) return void (builds.delete(id), builds.set(id, known));
      const build = await loadBuild(store, id);
      if (!build.state.build) log(`[serve] ${build.state.problem}: every page is rendered in the browser`);
      builds.set(id, build);
      for (const old of [...builds.keys()].slice(0, Math.max(0, builds.size - KEPT_BUILDS))) builds.delete(old);
    },
    of: (id: string | undefined): StoredBuild => (id !== undefined && builds.get(id)) || none,
  };
}
