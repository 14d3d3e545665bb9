/** Generations: whether one can be served (checked alike by the publish and the servers), and finding them (ids sort by time); remotes.json read one way. */
import { readdirSync, readFileSync, readlinkSync } from 'node:fs';
import path from 'node:path';
import { JSON_OBJECT, readJson, RENDER_RECORD, type RenderRecord } from '@maison/host/contract';
import { ENVIRONMENT_FILE, GENERATION_FILE, INCOMING_PREFIX, promisedPageFiles } from './layout.ts';

export interface Generation {
  id: string;
  dir: string;
  /** Its remotes.json, as written (served at /remotes.json). */
  remotesJson: string;
  render: RenderRecord;
  /** A rollout's canary cohort's remotes.json, render record and pages (its `canary/` folder), when it has one. */
  canary?: Generation;
}

export type CheckedGeneration = Generation | { id: string; dir: string; problem: string };

/** Why a rendered page's file is not a whole page, or undefined. */
function pageProblem(html: string): string | undefined {
  if (!/^<!doctype html>/i.test(html)) return 'does not start with <!doctype html>';
  if (!html.trimEnd().endsWith('</html>')) return 'is cut short (no </html> at its end)';
  if (!html.includes('<div id="root"')) return 'has no #root';
  return undefined;
}

/** A file's text; an error naming it as `name` when it cannot be read. */
function readText(file: string, name = file): string {
  try {
    return readFileSync(file, 'utf8');
  } catch (error) {
    throw new Error(`${name} cannot be read (${(error as NodeJS.ErrnoException).code ?? String(error)})`, { cause: error });
  }
}

/** The environment's own remotes.json as written and as read; anything but a JSON object is an error, as in a generation. */
export function readOwnRemotes(env: string): { text: string; value: Record<string, unknown> } {
  const file = path.join(env, ENVIRONMENT_FILE.remotes);
  const text = readText(file);
  return { text, value: readJson(file, text, JSON_OBJECT) };
}

/** A remote's entries as remotes.json holds them: one entry as a string, as operators write it. */
export const asEntry = (entries: string[]) => (entries.length === 1 ? entries[0]! : entries);

/** A generation's file as text, by its path relative to the generation (a folder's, or an object store's kept in memory). */
export type GenerationReader = (file: string) => string;

/** The generation in the folder `dir`, checked. */
export const checkGeneration = (dir: string): CheckedGeneration => checkGenerationWith(dir, (file) => readText(path.join(dir, file), file));

/** Generation `dir` (its id the last segment) checked as read through `read`: the one check, whatever holds the files. */
export function checkGenerationWith(dir: string, read: GenerationReader): CheckedGeneration {
  const id = path.basename(dir);
  try {
    const remotesJson = read(GENERATION_FILE.remotes);
    readJson(GENERATION_FILE.remotes, remotesJson, JSON_OBJECT);
    const record = readJson(GENERATION_FILE.render, read(GENERATION_FILE.render), RENDER_RECORD);
    for (const file of promisedPageFiles(record)) {
      const pageIs = pageProblem(read(file));
      if (pageIs) throw new Error(`${file} ${pageIs}`);
    }
    const canaryDir = path.join(dir, GENERATION_FILE.canary);
    const canary = record.canary ? checkGenerationWith(canaryDir, (file) => read(path.join(GENERATION_FILE.canary, file))) : undefined;
    if (canary && !isGood(canary)) throw new Error(`${GENERATION_FILE.canary}/${canary.problem}`);
    return { id, dir, remotesJson, render: record, ...(canary ? { canary: { ...canary, id } } : {}) };
  } catch (error) {
    return { id, dir, problem: (error as Error).message };
  }
}

export const isGood = (checked: CheckedGeneration): checked is Generation => !('problem' in checked);

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
export function lastGoodBefore(env: string, id: string | undefined, check = checkGeneration): Generation | undefined {
  const older = generationIds(env).filter((candidate) => id === undefined || candidate < id);
  for (const candidate of older.reverse()) {
    const checked = check(generationDir(env, candidate));
    if (isGood(checked)) return checked;
  }
  return undefined;
}

/** What `current` names if it is good, else the newest good generation before it, and why `current`'s is not served. */
export function generationToServe(env: string, check = checkGeneration): { generation?: Generation; problem?: string } {
  const id = currentId(env);
  const current = id === undefined ? undefined : check(generationDir(env, id));
  if (current && isGood(current)) return { generation: current };
  const problem = current ? `generation ${id} cannot be served (${current.problem})` : 'not published yet';
  return { generation: lastGoodBefore(env, id, check), problem };
}
