/** The environment's own remotes.json, read one way everywhere; anything but a JSON object is an error. */
import path from 'node:path';
import { JSON_OBJECT, readJson } from '@maison/host/contract';
import { readText } from './generation.ts';
import { ENVIRONMENT_FILE } from './layout.ts';

export function readOwnRemotes(env: string): { text: string; value: Record<string, unknown> } {
  const file = path.join(env, ENVIRONMENT_FILE.remotes);
  const text = readText(file);
  return { text, value: readJson(file, text, JSON_OBJECT) };
}

/** A remote's entries as remotes.json holds them: one entry as a string, as operators write it. */
export const asEntry = (entries: string[]) => (entries.length === 1 ? entries[0]! : entries);
