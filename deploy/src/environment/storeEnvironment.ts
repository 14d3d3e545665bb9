/**
 * An environment kept in an object store (docs/operations.md, "Run in several regions"): followed
 * into a working folder of this process's own, changed by conditional writes only. A change
 * writes its generation under keys of its own (If-None-Match: *), then the pointer with If-Match
 * on the ETag it followed: of two publishers the loser follows the winner and plans again on top.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { readJson, ROLLOUT_RECORD } from '@maison/host/contract';
import { createObjectStore, type ObjectStore } from '../store/objectStore.ts';
import { formatStoreAddress, parseStoreAddress, storeConfigFromEnv, type StoreConfig } from '../store/storeConfig.ts';
import { replaceFile } from './durable.ts';
import type { ChangeOptions, Environment, RolloutChange, Switch } from './environment.ts';
import { generationDir } from './generation.ts';
import { GENERATION_FILE } from './layout.ts';
import { rolloutFile } from './rolloutRecord.ts';
import { filesOf, followStore, newFollowed, storedGenerationIds, switchLocally, type Followed, type FollowOptions } from './storeFollow.ts';
import { eachAtMost, generationKey, journalPrefix, leaseKey, parsePointer, STORE_KEY, type Pointer } from './storeLayout.ts';
import { withStoreLease } from './storeLease.ts';
import { uploadHostBuild } from './storeHostBuild.ts';
import { pruneGenerations } from './switching.ts';

/** Tries of one change before it gives up (each lost to a change that went live first). */
export const CHANGE_TRIES = 10;
/** Generations the store keeps besides the current one, as a folder does. */
const KEPT_GENERATIONS = 4;
const PARALLEL = 8;

const pause = (attempt: number) => new Promise((resolve) => setTimeout(resolve, 50 + Math.random() * 100 * attempt));
const contentTypeOf = (file: string) =>
  ({ '.html': 'text/html; charset=utf-8', '.json': 'application/json', '.xml': 'application/xml', '.txt': 'text/plain' })[
    path.extname(file)
  ] ?? 'application/octet-stream';

/** Writes generation `id` from `dir` under its own keys; false when another writer has the id (it is not ours to finish). */
async function uploadGeneration(store: ObjectStore, dir: string, id: string): Promise<boolean> {
  const local = generationDir(dir, id);
  // render.json last: a listing that shows it shows every file of the generation.
  const files = filesOf(local).sort((a, b) => Number(a === GENERATION_FILE.render) - Number(b === GENERATION_FILE.render));
  let ours = true;
  const last = files.pop()!;
  const put = async (file: string) => {
    const key = generationKey(id, file.split(path.sep).join('/'));
    const written = await store.putIfAbsent(key, await readBytes(path.join(local, file)), { contentType: contentTypeOf(file) });
    if (written.status === 'exists') ours = false;
  };
  await eachAtMost(files, PARALLEL, put);
  if (ours) await put(last);
  return ours;
}

const readBytes = async (file: string) => new Uint8Array(await readFile(file));

/** The working folders this process made, removed when it exits (one listener for them all). */
const workingFolders = new Set<string>();
process.once('exit', () => workingFolders.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

export function storeEnvironment(address: string, config: StoreConfig = storeConfigFromEnv()): Environment {
  const where = parseStoreAddress(address);
  const name = formatStoreAddress(where);
  const store = createObjectStore(config, where);
  const dir = mkdtempSync(path.join(os.tmpdir(), 'maison-env-'));
  workingFolders.add(dir);
  const followed: Followed = newFollowed();
  let following: Promise<void> = Promise.resolve();
  const follow = (options?: FollowOptions) =>
    (following = following.catch(() => {}).then(() => followStore(store, dir, followed, options)));

  /** The pointer naming `id` in place of the one followed: false when another change went live first. */
  async function point(id: string, doing: string): Promise<boolean> {
    const pointer: Pointer = { generation: id, previous: followed.pointer?.generation ?? null, at: new Date().toISOString(), doing };
    const body = `${JSON.stringify(pointer)}\n`;
    const written = followed.pointerEtag
      ? await store.putIfMatch(STORE_KEY.current, body, followed.pointerEtag, { contentType: 'application/json' })
      : await store.putIfAbsent(STORE_KEY.current, body, { contentType: 'application/json' });
    if (written.status !== 'written') return false;
    Object.assign(followed, { pointer, pointerEtag: written.etag });
    return true;
  }

  /** environment.json as this change sets it, over the one followed: false when it changed since. */
  async function writeSite(text: string): Promise<boolean> {
    const etag = followed.etags.get(STORE_KEY.site);
    const written = etag ? await store.putIfMatch(STORE_KEY.site, text, etag) : await store.putIfAbsent(STORE_KEY.site, text);
    if (written.status === 'written') followed.etags.set(STORE_KEY.site, written.etag);
    return written.status === 'written';
  }

  /** One try of a change: true when it went live. */
  async function tryChange<T>(doing: string, planned: Switch<T>): Promise<boolean> {
    const id = planned.generation;
    const isNew = (await store.head(generationKey(id, GENERATION_FILE.render))).status === 'not-found';
    if (isNew && !(await uploadGeneration(store, dir, id))) throw new Error(`another publish wrote a generation with the id ${id}`);
    if (planned.hostBuild) await uploadHostBuild(store, planned.hostBuild.dist, planned.hostBuild.id);
    if (planned.site !== undefined && !(await writeSite(planned.site))) return false;
    if (!(await point(id, doing))) {
      if (isNew) rmSync(generationDir(dir, id), { recursive: true, force: true });
      return false;
    }
    switchLocally(dir, id);
    return true;
  }

  async function pruneStore(): Promise<void> {
    const ids = await storedGenerationIds(store);
    const old = ids.slice(0, Math.max(0, ids.length - KEPT_GENERATIONS - 1)).filter((id) => id !== followed.pointer?.generation);
    for (const id of old) await eachAtMost(await store.list(generationKey(id)), PARALLEL, ({ key }) => store.delete(key));
    pruneGenerations(dir);
  }

  async function change<T>(doing: string, plan: (attempt: number) => Promise<Switch<T>>, options: ChangeOptions = {}): Promise<T> {
    const { log = console.log, allGenerations = false } = options;
    for (let attempt = 1; ; attempt += 1) {
      await follow({ allGenerations });
      const planned = await plan(attempt);
      if (await tryChange(doing, planned)) {
        const rollout = planned.rollout;
        if (rollout) await changeRolloutInStore((now) => ({ record: rollout(now), result: undefined }));
        await pruneStore();
        return planned.result;
      }
      const winner = await store.get(STORE_KEY.current);
      const won = winner.status === 'found' ? parsePointer(winner.body, STORE_KEY.current) : undefined;
      const first = won ? `generation ${won.generation} (${won.doing}) went live first` : 'the environment changed first';
      if (attempt >= CHANGE_TRIES) throw new Error(`${name}: ${first}, ${attempt} times in a row: nothing was changed; run this again`);
      log(`[publish] ${name}: ${first}: applying this change again on top of it (try ${attempt + 1} of ${CHANGE_TRIES})`);
      await pause(attempt);
    }
  }

  async function changeRolloutInStore<T>(changeOf: RolloutChange<T>): Promise<T> {
    for (let attempt = 1; attempt <= CHANGE_TRIES * 2; attempt += 1) {
      const got = await store.get(STORE_KEY.rollout);
      const now = got.status === 'found' ? readJson(STORE_KEY.rollout, new TextDecoder().decode(got.body), ROLLOUT_RECORD) : undefined;
      const { record, result } = changeOf(now);
      if (!record) return result;
      const body = `${JSON.stringify(record, null, 2)}\n`;
      const written =
        got.status === 'found'
          ? await store.putIfMatch(STORE_KEY.rollout, body, got.etag)
          : await store.putIfAbsent(STORE_KEY.rollout, body);
      if (written.status === 'written') {
        replaceFile(rolloutFile(dir), body);
        followed.etags.set(STORE_KEY.rollout, written.etag);
        return result;
      }
      await pause(attempt);
    }
    throw new Error(`${name}: ${STORE_KEY.rollout} kept changing under this change: nothing was changed; run this again`);
  }

  return {
    name,
    dir,
    nameOf: (file) => `${name}${file}`,
    follow,
    change,
    changeRollout: changeRolloutInStore,
    async record(journal, entry) {
      // One object per entry, never overwritten; a lifecycle rule on journals/ bounds them (docs/operations.md).
      const key = `${journalPrefix(journal)}${new Date().toISOString()}-${process.pid}-${Math.random().toString(36).slice(2, 8)}.json`;
      await store.putIfAbsent(key, JSON.stringify(entry), { contentType: 'application/json' }).catch(() => undefined);
    },
    withLease: (leaseName, work, options) => withStoreLease(store, leaseKey(leaseName), work, options),
  };
}
