/** The render record (render.json), made one way for a publish and for `npm start`'s rendering. */
import { ownPathProblem, redirectProblem } from '@maison/host/hosting';
import { shown, type ServedRoute, type RenderRecord } from '@maison/host/contract';
import { createHash } from 'node:crypto';
import { pageFileOf } from '../environment/layout.ts';

/** The code a rendered page carries in itself (its texts), or the hash sources that allow exactly it (render.json's). */
export type InlineCode = NonNullable<RenderRecord['inline']>;

export const inlineSource = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

export function notFoundPagesOf(routes: readonly ServedRoute[]): string[] {
  return [...new Set(routes.flatMap((route) => (route.notFound ? [route.notFound.page] : [])))];
}

/** The lists as the shop takes them (page-file paths, same-origin redirects); the rest are problem lines. */
export function ownLists(lists: { paths: unknown[]; redirects: Record<string, unknown> }, problems: string[]) {
  const listed = lists.paths.filter((pathname): pathname is string => {
    if (typeof pathname === 'string' && pageFileOf(pathname)) return true;
    const elsewhere = ownPathProblem(pathname);
    problems.push(
      `${shown(pathname)}: listed, but ${elsewhere ? `it ${elsewhere}; left out` : 'no page file can hold it; rendered in the browser'}`,
    );
    // A path of the shop no page file can hold stays listed: its route knows it, the browser renders it.
    return !elsewhere && typeof pathname === 'string';
  });
  const redirects: Record<string, string> = {};
  for (const [from, to] of Object.entries(lists.redirects)) {
    const problem = redirectProblem(from, to);
    if (problem) problems.push(`redirect ${shown(from)} → ${shown(to)}: ${problem}; left out`);
    else redirects[from] = to as string;
  }
  return { listed, redirects };
}

type RecordParts = Pick<RenderRecord, 'hostBuild' | 'origin' | 'listed' | 'redirects' | 'problems'> & {
  languages: readonly string[];
} & Partial<Pick<RenderRecord, 'remotes' | 'pages' | 'notFoundPages' | 'unlistedRemotes' | 'kept' | 'inline'>>;

/** A render record from its parts: what was listed, what was rendered in every language, what was kept, what went wrong. */
export function renderRecord(parts: RecordParts): RenderRecord {
  return {
    renderedAt: new Date().toISOString(),
    remotes: {},
    pages: parts.listed,
    notFoundPages: [],
    unlistedRemotes: [],
    kept: [],
    ...parts,
    languages: [...parts.languages],
  };
}
