/** The environment's own remotes.json, read one way everywhere; anything but a JSON object is an error. */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { ENVIRONMENT_FILE } from './layout.ts';

export type RemotesFile = Record<string, unknown>;

export function readOwnRemotes(env: string): { text: string; value: RemotesFile } {
  const file = path.join(env, ENVIRONMENT_FILE.remotes);
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    throw new Error(`${file} cannot be read (${(error as Error).message})`, { cause: error });
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new Error(`${file} is not JSON (${(error as Error).message}): fix it by hand, then publish again`, { cause: error });
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new Error(`${file} is not a JSON object`);
  return { text, value: value as RemotesFile };
}
