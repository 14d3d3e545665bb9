/**
 * An environment in an object store served with no disk (the edge, workerd): the pointer and
 * rollout.json asked for with If-None-Match, each generation's files fetched once into memory and
 * checked as a folder's are. It is a ServedEnvironment like watchEnvironment's; its generations'
 * `dir` is a path under MEMORY_ROOT that `readFile` answers.
 */
// Why: docs/decisions/serving.md#the-answerer-at-the-edge
import path from 'node:path';
import { readJson, ROLLOUT_RECORD, type RolloutRecord } from '@maison/host/contract';
import type { ObjectStore } from '../store/objectStore.ts';
import { checkGenerationWith, isGood, type CheckedGeneration, type Generation } from './generation.ts';
import { ENVIRONMENT_FILE } from './layout.ts';
import { describe, type Served } from './served.ts';
import { eachAtMost, generationKey, GENERATIONS_PREFIX, parsePointer, STORE_KEY } from './storeLayout.ts';

/** Where generations "are" for the answer code: `${MEMORY_ROOT}/generations/<id>/…`. */
export const MEMORY_ROOT = '/store';
const PARALLEL = 8;
/** Generations looked at before the current one when it cannot be served and none served before it. */
const LOOK_BACK = 5;
const text = new TextDecoder();

type Files = Map<string, Uint8Array>;

async function fetchGenerationFiles(store: ObjectStore, id: string): Promise<Files> {
  const prefix = generationKey(id);
  const listed = await store.list(prefix);
  if (listed.length === 0) throw new Error(`generation ${id} is named by the pointer but the store holds none of its files`);
  const files: Files = new Map();
  await eachAtMost(listed, PARALLEL, async ({ key }) => {
    const got = await store.get(key);
    if (got.status !== 'found') throw new Error(`${key} went missing while it was fetched`);
    files.set(key.slice(prefix.length), got.body);
  });
  return files;
}

export interface StoreServedOptions {
  /** What its lines call it (the store's address). */
  name: string;
  log: (line: string) => void;
  /** Awaited at each look for the generation to serve, before it is served (the edge brings its host build, once). */
  prepare?: (generation: Generation) => Promise<void>;
}

export function storeServed(store: ObjectStore, { name, log, prepare = async () => {} }: StoreServedOptions) {
  const generations = new Map<string, { files: Files; checked: CheckedGeneration }>();
  const etags: { pointer?: string; rollout?: string; remotes?: string } = {};
  let served: Served = { key: 'unfollowed', remotesJson: '{}', problem: 'not followed yet' };
  let rollout: RolloutRecord | undefined;
  let ownRemotes = '{}';

  async function load(id: string): Promise<CheckedGeneration> {
    const known = generations.get(id);
    if (known) return known.checked;
    const files = await fetchGenerationFiles(store, id);
    const read = (file: string) => {
      const bytes = files.get(file.split(path.sep).join('/'));
      if (!bytes) throw new Error(`${file} cannot be read (ENOENT)`);
      return text.decode(bytes);
    };
    const checked = checkGenerationWith(path.posix.join(MEMORY_ROOT, ENVIRONMENT_FILE.generations, id), read);
    generations.set(id, { files, checked });
    return checked;
  }

  /** The newest good generation before `id`: the one served last, else one of the store's older ones. */
  async function lastGoodBefore(id: string): Promise<Generation | undefined> {
    if (served.generation && served.generation.id < id) return served.generation;
    const ids = new Set((await store.list(GENERATIONS_PREFIX)).map(({ key }) => key.slice(GENERATIONS_PREFIX.length).split('/')[0]!));
    for (const older of [...ids]
      .filter((other) => other < id)
      .sort()
      .reverse()
      .slice(0, LOOK_BACK)) {
      const checked = await load(older);
      if (isGood(checked)) return checked;
    }
    return undefined;
  }

  async function followRollout(): Promise<void> {
    const got = await store.get(STORE_KEY.rollout, etags.rollout ? { ifNoneMatch: etags.rollout } : {});
    if (got.status === 'not-modified') return;
    if (got.status === 'not-found') return void ((rollout = undefined), delete etags.rollout);
    try {
      rollout = readJson(STORE_KEY.rollout, text.decode(got.body), ROLLOUT_RECORD);
      etags.rollout = got.etag;
    } catch (error) {
      log(`[serve] ${name}: ${(error as Error).message}; the rollout as last read stands`);
    }
  }

  /** What to serve once the pointer names `id` (none: the environment's own remotes.json, every page rendered in the browser). */
  async function servedFor(id: string | undefined): Promise<Omit<Served, 'key' | 'rollout'>> {
    if (id === undefined) {
      const got = await store.get(STORE_KEY.remotes, etags.remotes ? { ifNoneMatch: etags.remotes } : {});
      if (got.status === 'found') [ownRemotes, etags.remotes] = [text.decode(got.body), got.etag];
      return { remotesJson: ownRemotes, problem: 'not published yet' };
    }
    const current = await load(id);
    if (isGood(current)) return { generation: current, remotesJson: current.remotesJson };
    const problem = `generation ${id} cannot be served (${current.problem})`;
    const good = await lastGoodBefore(id);
    return good ? { generation: good, remotesJson: good.remotesJson, problem } : { remotesJson: '{}', problem };
  }

  let pointed: string | undefined;
  /** Brings what is served up to the store; throws (the store unreachable, refusing) leaving it as it was. */
  async function look(): Promise<void> {
    const got = await store.get(STORE_KEY.current, etags.pointer ? { ifNoneMatch: etags.pointer } : {});
    await followRollout();
    if (got.status === 'found') [pointed, etags.pointer] = [parsePointer(got.body, STORE_KEY.current).generation, got.etag];
    if (got.status === 'not-found') [pointed, etags.pointer] = [undefined, undefined];
    const next = await servedFor(pointed);
    if (next.generation) await prepare(next.generation);
    const key = `${next.generation?.id ?? '-'}|${next.problem ?? ''}|${etags.rollout ?? '-'}`;
    if (key === served.key) return;
    if (next.generation?.id !== served.generation?.id || next.problem !== served.problem) log(describe(name, next));
    served = { ...next, key, rollout };
    for (const id of generations.keys()) if (id !== pointed && id !== served.generation?.id) generations.delete(id);
  }

  return {
    env: name,
    now: () => served,
    look,
    /** A file of a generation held in memory, by its path under MEMORY_ROOT. */
    async readFile(file: string): Promise<Uint8Array | undefined> {
      const [id = '', ...rest] = path.posix.relative(path.posix.join(MEMORY_ROOT, ENVIRONMENT_FILE.generations), file).split('/');
      return generations.get(id)?.files.get(rest.join('/'));
    },
  };
}

export type StoreServed = ReturnType<typeof storeServed>;
