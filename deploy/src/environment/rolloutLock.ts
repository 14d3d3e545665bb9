/** A folder environment's rollout.json changed under its own lock (an object store's changes by If-Match instead). */
import path from 'node:path';
import { lock } from 'proper-lockfile';
import type { RolloutRecord } from '@maison/host/contract';
import { readRollout, rolloutFile, writeRollout } from './rolloutRecord.ts';

const LOCK_FILE = 'rollout.lock';

/** Changes the rollout under its lock: `change` sees it as it is now (none, if never). */
export async function changeRollout<T>(
  env: string,
  change: (now: RolloutRecord | undefined) => { record?: RolloutRecord; result: T },
): Promise<T> {
  // Locked by its own name: proper-lockfile keeps one lock per name, and the environment's is the publish's.
  const release = await lock(rolloutFile(env), {
    lockfilePath: path.join(env, LOCK_FILE),
    realpath: false,
    stale: 10_000,
    retries: { retries: 80, factor: 1, minTimeout: 125, maxTimeout: 125 },
  });
  try {
    const { record, result } = change(readRollout(env));
    if (record) writeRollout(env, record);
    return result;
  } finally {
    await release();
  }
}
