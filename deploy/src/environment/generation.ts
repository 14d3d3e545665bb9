/**
 * Whether a generation folder can be served, checked the same way by the publish (reading back
 * what it wrote, before `current` moves) and by the servers (before serving what `current` names):
 * remotes.json and render.json parse and have their shape, and every page render.json promises
 * is there and is a whole page. A generation that fails is never served; the servers then serve
 * the last good one (served.ts).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { GENERATION_FILE, promisedPageFiles, type RenderRecord } from './layout.ts';

export interface Generation {
  id: string;
  /** Its folder. */
  dir: string;
  /** Its remotes.json, as written (served at /remotes.json). */
  remotesJson: string;
  render: RenderRecord;
  /** A rollout's canary cohort's remotes.json, render record and pages (its `canary/` folder), when it has one. */
  canary?: Generation;
}

export type CheckedGeneration = Generation | { id: string; dir: string; problem: string };

const isStringArray = (value: unknown): value is string[] => Array.isArray(value) && value.every((item) => typeof item === 'string');
const isStringRecord = (value: unknown): value is Record<string, string> =>
  typeof value === 'object' && value !== null && !Array.isArray(value) && Object.values(value).every((item) => typeof item === 'string');

/** Why `value` is not a render record, or undefined. */
export function renderRecordProblem(value: unknown): string | undefined {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return 'is not a JSON object';
  const record = value as Record<string, unknown>;
  for (const key of ['hostBuild', 'origin', 'renderedAt'] as const) if (typeof record[key] !== 'string') return `has no "${key}" text`;
  for (const key of ['languages', 'listed', 'pages', 'notFoundPages', 'unlistedRemotes', 'kept', 'problems'] as const)
    if (!isStringArray(record[key])) return `has no "${key}" list`;
  for (const key of ['remotes', 'redirects'] as const) if (!isStringRecord(record[key])) return `has no "${key}" map`;
  if ((record.languages as string[]).length === 0) return 'names no language';
  return undefined;
}

/** Why a rendered page's file is not a whole page, or undefined. */
export function pageProblem(html: string): string | undefined {
  if (!/^<!doctype html>/i.test(html)) return 'does not start with <!doctype html>';
  if (!html.trimEnd().endsWith('</html>')) return 'is cut short (no </html> at its end)';
  if (!html.includes('<div id="root"')) return 'has no #root';
  return undefined;
}

function readText(dir: string, file: string): string {
  try {
    return readFileSync(path.join(dir, file), 'utf8');
  } catch (error) {
    throw new Error(`${file} cannot be read (${(error as NodeJS.ErrnoException).code ?? String(error)})`, { cause: error });
  }
}

function parsed(dir: string, file: string): { text: string; value: unknown } {
  const text = readText(dir, file);
  try {
    return { text, value: JSON.parse(text) as unknown };
  } catch (error) {
    throw new Error(`${file} is not JSON (${(error as Error).message})`, { cause: error });
  }
}

/** Reads and checks the generation in `dir` (its id is the folder's name). */
export function checkGeneration(dir: string): CheckedGeneration {
  const id = path.basename(dir);
  try {
    const remotes = parsed(dir, GENERATION_FILE.remotes);
    if (typeof remotes.value !== 'object' || remotes.value === null || Array.isArray(remotes.value))
      throw new Error(`${GENERATION_FILE.remotes} is not a JSON object`);
    const render = parsed(dir, GENERATION_FILE.render).value;
    const problem = renderRecordProblem(render);
    if (problem) throw new Error(`${GENERATION_FILE.render} ${problem}`);
    for (const file of promisedPageFiles(render as RenderRecord)) {
      const pageIs = pageProblem(readText(dir, file));
      if (pageIs) throw new Error(`${file} ${pageIs}`);
    }
    const record = render as RenderRecord;
    const canary = record.canary ? checkGeneration(path.join(dir, GENERATION_FILE.canary)) : undefined;
    if (canary && !isGood(canary)) throw new Error(`${GENERATION_FILE.canary}/${canary.problem}`);
    return { id, dir, remotesJson: remotes.text, render: record, ...(canary ? { canary: { ...canary, id } } : {}) };
  } catch (error) {
    return { id, dir, problem: (error as Error).message };
  }
}

export const isGood = (checked: CheckedGeneration): checked is Generation => !('problem' in checked);
