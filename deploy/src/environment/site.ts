/** The shop's public origin, from environment.json and never guessed; a publish without one stops. */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { originProblem } from '@maison/host/contract';
import { replaceFile } from './durable.ts';
import { ENVIRONMENT_FILE } from './layout.ts';

export function siteOriginOf(value: unknown): { origin: string } | { problem: string } {
  if (typeof value !== 'string') return { problem: 'is not text' };
  if (!URL.canParse(value)) return { problem: 'is not a URL' };
  const url = new URL(value);
  const problem = originProblem(url);
  if (problem) return { problem };
  if (url.pathname !== '/' || url.search || url.hash) return { problem: 'is more than an origin (no path, query or fragment)' };
  return { origin: url.origin };
}

const example = `{ "origin": "https://shop.example.com" }`;

/** The environment's origin; with `given` (--origin), that one, checked and written to environment.json. */
export function siteOrigin(env: string, given?: string): string {
  const file = path.join(env, ENVIRONMENT_FILE.site);
  if (given !== undefined) {
    const checked = siteOriginOf(given);
    if ('problem' in checked) throw new Error(`--origin "${given}" ${checked.problem}`);
    replaceFile(file, `${JSON.stringify({ origin: checked.origin }, null, 2)}\n`);
    return checked.origin;
  }
  let value: unknown;
  try {
    value = (JSON.parse(readFileSync(file, 'utf8')) as { origin?: unknown }).origin;
  } catch (error) {
    throw new Error(`${file} cannot be read (${(error as Error).message}): write ${example} there, or publish once with --origin`, {
      cause: error,
    });
  }
  const checked = siteOriginOf(value);
  if ('problem' in checked) throw new Error(`${file}: "origin" ${JSON.stringify(value)} ${checked.problem}`);
  return checked.origin;
}
