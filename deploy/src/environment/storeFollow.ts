/**
 * The working folder of an environment kept in an object store: what the store holds, brought
 * here so that everything above reads a folder as it reads a folder environment. The pointer and
 * the small mutable objects are asked for with If-None-Match (a 304 costs no body); a generation's
 * files are fetched once, into a folder renamed into place whole, and `current` switched last.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { ObjectStore } from '../store/objectStore.ts';
import { replaceFile, replaceSymlink } from './durable.ts';
import { generationDir, generationsDir } from './generation.ts';
import { ENVIRONMENT_FILE, GENERATION_FILE, INCOMING_PREFIX } from './layout.ts';
import { pruneGenerations } from './switching.ts';
import { eachAtMost, generationKey, GENERATIONS_PREFIX, journalPrefix, parsePointer, STORE_KEY, type Pointer } from './storeLayout.ts';

const PARALLEL = 8;
const text = new TextDecoder();

export interface Followed {
  /** The pointer as last read, and its ETag (for the next conditional write); none before the first publish. */
  pointer?: Pointer;
  pointerEtag?: string;
  /** Each small object's ETag as last read (rollout.json, environment.json, remotes.json). */
  etags: Map<string, string>;
  /** Journal entries already brought here, by key. */
  journalLines: Map<string, string>;
}

export const newFollowed = (): Followed => ({ etags: new Map(), journalLines: new Map() });

export interface FollowOptions {
  /** Every generation the store holds (a rollback looks back), not only the current one. */
  allGenerations?: boolean;
  /** The journals to bring here too (their file names). */
  journals?: readonly string[];
}

/** One small object to its file in `dir` (removed when the store has none); true when it changed. */
async function followObject(store: ObjectStore, dir: string, key: string, followed: Followed): Promise<boolean> {
  const known = followed.etags.get(key);
  const got = await store.get(key, known ? { ifNoneMatch: known } : {});
  if (got.status === 'not-modified') return false;
  if (got.status === 'not-found') {
    followed.etags.delete(key);
    rmSync(path.join(dir, key), { force: true });
    return known !== undefined;
  }
  replaceFile(path.join(dir, key), text.decode(got.body));
  followed.etags.set(key, got.etag);
  return true;
}

/** Fetches generation `id` whole into `dir`, once: a generation's files never change. */
export async function fetchGeneration(store: ObjectStore, dir: string, id: string): Promise<void> {
  const target = generationDir(dir, id);
  if (existsSync(target)) return;
  const incoming = path.join(generationsDir(dir), `${INCOMING_PREFIX}${id}-${process.pid}`);
  rmSync(incoming, { recursive: true, force: true });
  const files = await store.list(generationKey(id));
  if (files.length === 0) throw new Error(`generation ${id} is named by the pointer but the store holds none of its files`);
  await eachAtMost(files, PARALLEL, async ({ key }) => {
    const got = await store.get(key);
    if (got.status !== 'found') throw new Error(`${key} went missing while it was fetched`);
    const file = path.join(incoming, key.slice(generationKey(id).length));
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, got.body);
  });
  renameSync(incoming, target);
}

/** The ids of the generations the store holds. */
export async function storedGenerationIds(store: ObjectStore): Promise<string[]> {
  const ids = new Set<string>();
  for await (const page of store.listPages(GENERATIONS_PREFIX))
    for (const { key } of page) ids.add(key.slice(GENERATIONS_PREFIX.length).split('/')[0]!);
  return [...ids].sort();
}

/** Makes `id` the working folder's current generation, its remotes.json the environment's own. */
export function switchLocally(dir: string, id: string): void {
  const remotes = path.join(generationDir(dir, id), GENERATION_FILE.remotes);
  replaceFile(path.join(dir, ENVIRONMENT_FILE.remotes), readFileSync(remotes, 'utf8'));
  replaceSymlink(path.join(dir, ENVIRONMENT_FILE.current), path.join(ENVIRONMENT_FILE.generations, id));
}

/** Brings the journals' entries here as their .jsonl files, oldest first (each entry fetched once). */
async function followJournals(store: ObjectStore, dir: string, files: readonly string[], followed: Followed): Promise<void> {
  for (const file of files) {
    const listed = (await store.list(journalPrefix(file))).map(({ key }) => key).sort();
    const missing = listed.filter((key) => !followed.journalLines.has(key));
    await eachAtMost(missing, PARALLEL, async (key) => {
      const got = await store.get(key);
      if (got.status === 'found') followed.journalLines.set(key, text.decode(got.body).trim());
    });
    const lines = listed.flatMap((key) => followed.journalLines.get(key) ?? []);
    replaceFile(path.join(dir, file), lines.length ? `${lines.join('\n')}\n` : '');
  }
}

/** Brings `dir` up to what the store holds now; throws (UnreachableError, AccessDeniedError, …) leaving it as it was. */
export async function followStore(store: ObjectStore, dir: string, followed: Followed, options: FollowOptions = {}): Promise<void> {
  mkdirSync(generationsDir(dir), { recursive: true });
  const got = await store.get(STORE_KEY.current, followed.pointerEtag ? { ifNoneMatch: followed.pointerEtag } : {});
  await followObject(store, dir, STORE_KEY.rollout, followed);
  await followObject(store, dir, STORE_KEY.site, followed);
  if (got.status === 'found') {
    const pointer = parsePointer(got.body, STORE_KEY.current);
    await fetchGeneration(store, dir, pointer.generation);
    switchLocally(dir, pointer.generation);
    Object.assign(followed, { pointer, pointerEtag: got.etag });
    pruneGenerations(dir);
  } else if (got.status === 'not-found') {
    Object.assign(followed, { pointer: undefined, pointerEtag: undefined });
    rmSync(path.join(dir, ENVIRONMENT_FILE.current), { force: true });
    await followObject(store, dir, STORE_KEY.remotes, followed);
  }
  if (options.allGenerations) for (const id of await storedGenerationIds(store)) await fetchGeneration(store, dir, id);
  if (options.journals) await followJournals(store, dir, options.journals, followed);
}

/** Every file of a generation folder, relative to it. */
export function filesOf(dir: string, under = ''): string[] {
  return readdirSync(path.join(dir, under), { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? filesOf(dir, path.join(under, entry.name)) : [path.join(under, entry.name)],
  );
}
