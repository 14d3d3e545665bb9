/** Finding generations: the one `current` names, the last good one before it (ids sort by time). */
import { readdirSync, readlinkSync } from 'node:fs';
import path from 'node:path';
import { checkGeneration, isGood, type CheckedGeneration, type Generation } from './generation.ts';
import { ENVIRONMENT_FILE, INCOMING_PREFIX } from './layout.ts';

export const generationsDir = (env: string) => path.join(env, ENVIRONMENT_FILE.generations);
export const generationDir = (env: string, id: string) => path.join(generationsDir(env), id);

/** The id `current` names (its folder may be missing), or undefined before the first publish. */
export function currentId(env: string): string | undefined {
  try {
    return path.basename(readlinkSync(path.join(env, ENVIRONMENT_FILE.current)));
  } catch {
    return undefined;
  }
}

/** The published generations' ids, oldest first (folders being written are not among them). */
export function generationIds(env: string): string[] {
  try {
    return readdirSync(generationsDir(env))
      .filter((name) => !name.startsWith('.') && !name.startsWith(INCOMING_PREFIX))
      .sort();
  } catch {
    return [];
  }
}

/** The newest good generation older than `id` (any, without `id`), checked with `check`. */
export function lastGoodBefore(
  env: string,
  id: string | undefined,
  check: (dir: string) => CheckedGeneration = checkGeneration,
): Generation | undefined {
  const older = generationIds(env).filter((candidate) => id === undefined || candidate < id);
  for (const candidate of older.reverse()) {
    const checked = check(generationDir(env, candidate));
    if (isGood(checked)) return checked;
  }
  return undefined;
}
