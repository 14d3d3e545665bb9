/** `npm start -- --against`: local remotes from their dev servers, the rest from another environment's remotes.json. */
import type { RemoteName } from '@maison/shared';
import { parseRemotesJson } from '@maison/host/contract';
import { appNamed, localOrigin, REMOTE_NAMES } from '../../apps.mts';

/** Root-relative entries of an environment read from a file belong to an origin the file does not name. */
const UNKNOWN_ORIGIN = 'https://environment.invalid/';

export const isUrl = (source: string) => /^https?:\/\//i.test(source);

/**
 * The remotes.json to serve, when every remote has a usable entry; else `errors`, the remotes neither local nor usable there.
 * `warnings`: what is wrong in the environment's file but does not stop it (an unknown name, one bad fallback).
 * `source`: the environment's URL (relative entries resolve against it) or its file (they cannot).
 */
export function composeDevRemotes({ environment, source, local }: { environment: unknown; source: string; local: readonly RemoteName[] }) {
  const base = isUrl(source) ? source : UNKNOWN_ORIGIN;
  const parsed = parseRemotesJson(environment, { names: REMOTE_NAMES, base });
  const warnings = parsed.problems.map((problem) => `${source}: ${problem.replace(/^\/remotes\.json:? /, '')}`);
  const errors: string[] = [];
  const remotes: Record<string, string[]> = {};
  for (const name of REMOTE_NAMES) {
    if (local.includes(name)) {
      remotes[name] = [`${localOrigin(appNamed(name))}/mf-manifest.json`];
      continue;
    }
    const urls = parsed.locations[name] ?? [];
    if (urls.some((url) => url.startsWith(UNKNOWN_ORIGIN))) {
      errors.push(`"${name}" in ${source} is relative to the environment's origin: pass --against the environment's remotes.json URL`);
    } else if (urls.length === 0) {
      errors.push(`${source} has no usable manifest URL for "${name}": run it locally too (--only …,${name})`);
    } else {
      remotes[name] = urls;
    }
  }
  return errors.length > 0 ? { errors, warnings } : { remotes, errors, warnings };
}
