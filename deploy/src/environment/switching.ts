/** The steps that change what an environment serves, only ever called under the publish lock. */
// Why: docs/decisions/serving.md#switching-order
import { existsSync, readdirSync, renameSync, rmSync } from 'node:fs';
import path from 'node:path';
import { flushFolder, replaceFile, replaceSymlink } from './durable.ts';
import { currentId, generationDir, generationIds, generationsDir } from './generation.ts';
import { ENVIRONMENT_FILE, INCOMING_PREFIX } from './layout.ts';

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
