/** A remote's RemotePublicPages, checked like input: off-origin paths are left out. Node runs it as is. */
import * as v from 'valibot';
import type { RemotePublicPages } from '@maison/shared';
import { shown } from '../contract/readJson.ts';

const SHOP = 'https://shop.invalid';

/** Why `path` is not a root-relative path on the shop's own origin, or undefined when it is one. */
export function ownPathProblem(path: unknown): string | undefined {
  const elsewhere = 'is not a path on the shop’s own origin (one "/", then no "/" or "\\")';
  if (typeof path !== 'string') return 'is not text';
  if (!path.startsWith('/') || path.startsWith('//') || path.startsWith('/\\')) return elsewhere;
  if (/[\s\\]/.test(path) || Array.from(path).some((char) => char < ' ' || char === '\u007f'))
    return 'has a space, a control character or a backslash in it';
  if (path.length > 2048) return 'is longer than 2048 characters';
  const segments = path.split(/[?#]/)[0]!.slice(1).split('/');
  if (segments.some((segment, index) => segment === '.' || segment === '..' || (segment === '' && index < segments.length - 1)))
    return 'has an empty, "." or ".." segment';
  return URL.canParse(path, SHOP) && new URL(path, SHOP).origin === SHOP ? undefined : elsewhere;
}

/** Why a redirect `from` → `to` is left out ("its path …" or "its target …"), or undefined when both are the shop's own paths. */
export function redirectProblem(from: unknown, to: unknown): string | undefined {
  const path = ownPathProblem(from);
  if (path) return `its path ${path}`;
  const target = ownPathProblem(to);
  return target && `its target ${target}`;
}

const publicPagesSchema = v.object({
  paths: v.array(v.string()),
  redirects: v.record(v.string(), v.string()),
});

/** `list` as `remote`'s server build gave it, keeping only what is on the shop's own origin; throws when it is not a list at all. */
export function checkedPublicPages(remote: string, list: unknown): RemotePublicPages & { problems: string[] } {
  const read = v.safeParse(publicPagesSchema, list);
  if (!read.success)
    throw new Error(`${remote}'s PublicPages is not a list of paths and redirects (${v.getDotPath(read.issues[0]) ?? 'itself'})`);
  const problems: string[] = [];
  const paths = read.output.paths.filter((path) => {
    const problem = ownPathProblem(path);
    if (problem) problems.push(`${remote}: listed page ${shown(path)} ${problem}; left out`);
    return !problem;
  });
  const redirects: Record<string, string> = {};
  for (const [from, to] of Object.entries(read.output.redirects)) {
    const problem = redirectProblem(from, to);
    if (problem) problems.push(`${remote}: redirect ${shown(from)} → ${shown(to)}: ${problem}; left out`);
    else redirects[from] = to;
  }
  return { paths, redirects, problems };
}
