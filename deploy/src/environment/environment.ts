/** What an environment holds and how it changes, a folder or an object store behind it: everything above reads `dir` and changes it only here. */
// Why: docs/decisions/serving.md#environments-in-an-object-store
import path from 'node:path';
import type { RolloutRecord } from '@maison/host/contract';
import { replaceFile } from './durable.ts';
import { appendLine } from './jsonLines.ts';
import { ENVIRONMENT_FILE } from './layout.ts';
import { changeRollout } from './rolloutLock.ts';
import type { FollowOptions } from './storeFollow.ts';
import { storeEnvironment } from './storeEnvironment.ts';
import { pruneGenerations, switchTo, withPublishLock } from './switching.ts';

/** What one change of the environment makes live. */
export interface Switch<T> {
  /** The generation to serve, in `dir`'s generations/: a new one, written and checked, or one it holds already. */
  generation: string;
  /** The environment's own remotes.json from now on (the generation's). */
  remotesJson: string;
  /** The rollout as this change leaves it, applied to rollout.json as it is by then (a judge may have moved its share). */
  rollout?: (now: RolloutRecord | undefined) => RolloutRecord | undefined;
  /** environment.json's new text, when this change sets it. */
  site?: string;
  /** The host build the generation was rendered with: an object store keeps its browser files for the edge (storeHostBuild.ts). */
  hostBuild?: { id: string; dist: string };
  result: T;
}

export type RolloutChange<T> = (now: RolloutRecord | undefined) => { record?: RolloutRecord; result: T };

export interface Environment {
  /** Where it is, as given: a folder, or s3://bucket/prefix/ (what messages name). */
  readonly name: string;
  /** The folder every reader reads: the environment itself, or the store's working copy as last followed. */
  readonly dir: string;
  /** One of its files (remotes.json), as messages name it. */
  nameOf(file: string): string;
  /** Brings `dir` up to what the environment holds now (a folder is always); throws when its store cannot say. */
  follow(options?: FollowOptions): Promise<void>;
  /** One change of what is served: `plan` says what to make live from `dir` as it is (a store plans again on top of a change that went first). */
  change<T>(doing: string, plan: (attempt: number) => Promise<Switch<T>>, options?: ChangeOptions): Promise<T>;
  /** Changes rollout.json, `change` seeing it as it is now; one change at a time wins, the other sees its result. */
  changeRollout<T>(change: RolloutChange<T>): Promise<T>;
  /** Adds an entry to a journal (publishes.jsonl, rollout-decisions.jsonl); a failed write loses only the entry. */
  record(journal: string, entry: unknown, kept: number): Promise<void>;
  /** Runs `work` as the one holder of the lease `name` (a second waits, saying who holds it); `work` is told when it is lost. */
  withLease<T>(name: string, work: (lost: AbortSignal) => Promise<T>, options?: LeaseOptions): Promise<T>;
}

export interface ChangeOptions {
  log?: (line: string) => void;
  /** Bring every generation the environment holds (a rollback looks back), not only the current one. */
  allGenerations?: boolean;
}

export interface LeaseOptions {
  log?: (line: string) => void;
  /** How long a lease lasts unrenewed (a holder that died frees it after this). */
  ttlMs?: number;
  signal?: AbortSignal;
}

/** The environment in the folder `dir`: one publish at a time under its lock (switching.ts). */
export function folderEnvironment(dir: string): Environment {
  return {
    name: dir,
    dir,
    nameOf: (file) => path.join(dir, file),
    follow: async () => {},
    change: (doing, plan, { log = console.log } = {}) =>
      withPublishLock(
        dir,
        doing,
        async () => {
          const planned = await plan(1);
          if (planned.site !== undefined) replaceFile(path.join(dir, ENVIRONMENT_FILE.site), planned.site);
          const rollout = planned.rollout;
          if (rollout) await changeRollout(dir, (now) => ({ record: rollout(now), result: undefined }));
          switchTo(dir, planned.generation, planned.remotesJson);
          pruneGenerations(dir);
          return planned.result;
        },
        { log },
      ),
    changeRollout: (change) => changeRollout(dir, change),
    record: async (journal, entry, kept) => appendLine(dir, journal, entry, kept),
    // One machine, one judge, as before: the folder has no lease (a store's is storeLease.ts).
    withLease: (_name, work) => work(new AbortController().signal),
  };
}

/** `--env` as given: s3://… as it is, a folder resolved. */
export const isStoreAddress = (where: string) => where.startsWith('s3://');

const opened = new Map<string, Environment>();

/** The environment at `where` (a folder, or s3://bucket/prefix), one per process for each. */
export function environmentOf(where: string | Environment): Environment {
  if (typeof where !== 'string') return where;
  let environment = opened.get(where);
  if (!environment) opened.set(where, (environment = isStoreAddress(where) ? storeEnvironment(where) : folderEnvironment(where)));
  return environment;
}
