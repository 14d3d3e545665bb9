/** What the servers serve: `current` if good, else the last good generation, else browser-rendered pages. */
// Why: docs/decisions/serving.md#serving-the-last-good-generation
import path from 'node:path';
import type { RolloutRecord } from '@maison/host/contract';
import { fileStamp as stamp, rechecked } from '../builds/hostBuild.ts';
import { checkGeneration, currentId, generationDir, generationToServe, readOwnRemotes } from './generation.ts';
import type { CheckedGeneration, Generation } from './generation.ts';
import { ENVIRONMENT_FILE, GENERATION_FILE } from './layout.ts';
import { readRollout, rolloutFile } from './rolloutRecord.ts';

export interface Served {
  /** Changes whenever what is served changes: answerers key their caches on it. */
  key: string;
  generation?: Generation;
  /** The remotes.json served (the generation's, or the environment's own before any good publish). */
  remotesJson: string;
  /** Why the generation `current` names is not the one served, when it is not. */
  problem?: string;
  /** The environment's rollout (rolloutRecord.ts), whatever its state; none if it never had one or it cannot be read. */
  rollout?: RolloutRecord;
}

const generationStamp = (dir: string) =>
  `${stamp(path.join(dir, GENERATION_FILE.render))}|${stamp(path.join(dir, GENERATION_FILE.remotes))}`;

/** The line a server says when what it serves changes. */
export function describe(name: string, served: Pick<Served, 'generation' | 'problem'>): string {
  if (!served.problem) return `[serve] ${name}: serving generation ${served.generation!.id}`;
  const instead = served.generation
    ? `serving generation ${served.generation.id}, the last good one before it`
    : `serving ${ENVIRONMENT_FILE.remotes} with every page rendered in the browser`;
  return `[serve] ${name}: ${served.problem}; ${instead}`;
}

/** The environment's rollout; one that cannot be read is said once and the last one read is kept (a file being replaced). */
function readRolloutOf(env: string, name: string, last: RolloutRecord | undefined, log: (line: string) => void): RolloutRecord | undefined {
  try {
    return readRollout(env);
  } catch (error) {
    log(`[serve] ${name}: ${(error as Error).message}; the rollout as last read stands`);
    return last;
  }
}

export function watchEnvironment(
  env: string,
  {
    log = console.log,
    recheckMs = 250,
    name = path.basename(env),
  }: { log?: (line: string) => void; recheckMs?: number; /** What its lines call it (an object store's address). */ name?: string } = {},
) {
  // Published generations do not change; a file changed in place shows in its stamp.
  const checked = new Map<string, { stamp: string; result: CheckedGeneration }>();
  const check = (dir: string): CheckedGeneration => {
    const key = generationStamp(dir);
    const known = checked.get(dir);
    if (known?.stamp === key) return known.result;
    const result = checkGeneration(dir);
    checked.set(dir, { stamp: key, result });
    return result;
  };

  const read = (key: string): Served => {
    const { generation, problem } = generationToServe(env, check);
    if (generation) return { key, generation, remotesJson: generation.remotesJson, problem };
    try {
      return { key, remotesJson: readOwnRemotes(env).text, problem };
    } catch (error) {
      return { key, remotesJson: '{}', problem: `${problem}; ${(error as Error).message}: no remote is served` };
    }
  };

  const stampNow = () => {
    const id = currentId(env);
    const files =
      id === undefined
        ? `unpublished|${stamp(path.join(env, ENVIRONMENT_FILE.remotes))}`
        : `${id}|${generationStamp(generationDir(env, id))}`;
    return `${files}|${stamp(rolloutFile(env))}`;
  };
  const now = rechecked<Served>(recheckMs, stampNow, (key, previous) => {
    const served = { ...read(key), rollout: readRolloutOf(env, name, previous?.rollout, log) };
    if (previous?.generation?.id !== served.generation?.id || previous?.problem !== served.problem) log(describe(name, served));
    return served;
  });
  return { env, now };
}

export type ServedEnvironment = ReturnType<typeof watchEnvironment>;
