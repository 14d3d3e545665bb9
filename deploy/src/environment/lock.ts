/** One publish at a time per environment: a second waits, then re-reads; gives up after `waitMs`. */
// Why: docs/decisions/serving.md#publish-lock
import { hostname } from 'node:os';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { lock } from 'proper-lockfile';
import { writeFlushed } from './durable.ts';
import { ENVIRONMENT_FILE } from './layout.ts';

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

/** Runs `work` holding the environment's publish lock; `doing` says what, to a publish that has to wait. */
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
