/** Changing what an environment serves: one publish at a time, under its lock, and the steps it takes (commit, switch, prune). */
// Why: docs/decisions/serving.md#publish-lock, docs/decisions/serving.md#switching-order
import { hostname } from 'node:os';
import { existsSync, readdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import path from 'node:path';
import { lock } from 'proper-lockfile';
import { flushFolder, replaceFile, replaceSymlink, writeFlushed } from './durable.ts';
import { currentId, generationDir, generationIds, generationsDir } from './generation.ts';
import { ENVIRONMENT_FILE, INCOMING_PREFIX } from './layout.ts';

const STALE_MS = 30_000;
const OWNER_FILE = `${ENVIRONMENT_FILE.lock}.owner.json`;

const ownerNow = (doing: string) => ({ pid: process.pid, host: hostname(), doing, since: new Date().toISOString() });

function ownerOf(env: string): string {
  try {
    const owner = JSON.parse(readFileSync(path.join(env, OWNER_FILE), 'utf8')) as ReturnType<typeof ownerNow>;
    return `"${owner.doing}" (pid ${owner.pid} on ${owner.host}, since ${owner.since})`;
  } catch {
    return 'another publish';
  }
}

async function acquire(env: string, retries: number): Promise<() => Promise<void>> {
  return lock(env, {
    lockfilePath: path.join(env, ENVIRONMENT_FILE.lock),
    realpath: false,
    stale: STALE_MS,
    update: STALE_MS / 6,
    retries: retries > 0 ? { retries, factor: 1, minTimeout: 250, maxTimeout: 250 } : 0,
    onCompromised: (error) => {
      // Someone took the lock (our heartbeat stalled past STALE_MS): stop rather than switch beside them.
      console.error(`[publish] the publish lock was taken over (${error.message}): stopping`);
      process.exit(1);
    },
  });
}

/** Runs `work` holding the environment's publish lock (a second waits, then re-reads; gives up after `waitMs`); `doing` says what. */
export async function withPublishLock<T>(
  env: string,
  doing: string,
  work: () => Promise<T>,
  { waitMs = 180_000, log = console.log }: { waitMs?: number; log?: (line: string) => void } = {},
): Promise<T> {
  let release: () => Promise<void>;
  try {
    release = await acquire(env, 0);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ELOCKED') throw error;
    // The holder writes who it is just after it takes the lock.
    for (let waited = 0; waited < 500 && !existsSync(path.join(env, OWNER_FILE)); waited += 50)
      await new Promise((resolve) => setTimeout(resolve, 50));
    log(`[publish] waiting for ${ownerOf(env)} to finish (at most ${Math.round(waitMs / 1000)} s)`);
    try {
      release = await acquire(env, Math.ceil(waitMs / 250));
    } catch (waited) {
      if ((waited as NodeJS.ErrnoException).code !== 'ELOCKED') throw waited;
      throw new Error(
        `${ownerOf(env)} still holds ${path.join(env, ENVIRONMENT_FILE.lock)} after ${Math.round(waitMs / 1000)} s: ` +
          'nothing was changed; run this again once it has finished',
        { cause: waited },
      );
    }
  }
  writeFlushed(path.join(env, OWNER_FILE), JSON.stringify(ownerNow(doing)));
  try {
    return await work();
  } finally {
    rmSync(path.join(env, OWNER_FILE), { force: true });
    await release();
  }
}

/** Generations kept besides the current one, for a rollback; older ones are removed by a publish. */
const KEPT_GENERATIONS = 4;

let created = 0;

/** A new generation id: later ids sort after earlier ones. */
export function newGenerationId(): string {
  created += 1;
  return `${new Date().toISOString().replace(/[-:.]/g, '')}-${process.pid}-${String(created).padStart(4, '0')}`;
}

/** The folder a generation is written in before it is checked; removes what abandoned publishes left. */
export function incomingDir(env: string, id: string): string {
  const dir = generationsDir(env);
  for (const name of existsSync(dir) ? readdirSync(dir) : [])
    if (name.startsWith(INCOMING_PREFIX)) rmSync(path.join(dir, name), { recursive: true, force: true });
  return path.join(dir, `${INCOMING_PREFIX}${id}`);
}

export function commitGeneration(env: string, incoming: string, id: string): string {
  const dir = generationDir(env, id);
  renameSync(incoming, dir);
  flushFolder(generationsDir(env));
  return dir;
}

/** Serves generation `id` from now on, with `remotesJson` as the environment's own remotes.json. */
export function switchTo(env: string, id: string, remotesJson: string): void {
  replaceFile(path.join(env, ENVIRONMENT_FILE.remotes), remotesJson);
  replaceSymlink(path.join(env, ENVIRONMENT_FILE.current), path.join(ENVIRONMENT_FILE.generations, id));
}

/** Removes generations beyond the newest few, never the current one. */
export function pruneGenerations(env: string): void {
  const current = currentId(env);
  const ids = generationIds(env);
  for (const id of ids.slice(0, Math.max(0, ids.length - KEPT_GENERATIONS - 1)))
    if (id !== current) rmSync(generationDir(env, id), { recursive: true, force: true });
}
