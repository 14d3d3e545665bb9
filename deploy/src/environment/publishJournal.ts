/**
 * An environment's journal of publishes (`publishes.jsonl`): one JSON line per publish, whatever
 * became of it (published, degraded: some pages rendered in the browser, failed: nothing changed),
 * so the servers, which never run a publish, can count them (observe/metrics.ts). Appended under
 * the publish lock or after a failed publish; the newest KEPT lines are kept.
 */
import { appendFileSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export const PUBLISH_JOURNAL = 'publishes.jsonl';
const KEPT = 100;

export type PublishOutcome = 'published' | 'degraded' | 'failed';

export interface PublishEntry {
  at: string;
  outcome: PublishOutcome;
  /** The generation made live, if one was. */
  generation?: string;
  /** What ran it (`npm run remotes -- set cart …`). */
  doing: string;
}

export function recordPublish(env: string, entry: PublishEntry): void {
  const file = path.join(env, PUBLISH_JOURNAL);
  try {
    appendFileSync(file, `${JSON.stringify(entry)}\n`);
    const lines = readFileSync(file, 'utf8').split('\n').filter(Boolean);
    if (lines.length > 2 * KEPT) writeFileSync(file, `${lines.slice(-KEPT).join('\n')}\n`);
  } catch {
    // A journal that cannot be written loses a count, never a publish.
  }
}

/** The journal's entries, oldest first; lines that are not entries are skipped. */
export function readPublishes(env: string): PublishEntry[] {
  let text = '';
  try {
    text = readFileSync(path.join(env, PUBLISH_JOURNAL), 'utf8');
  } catch {
    return [];
  }
  return text.split('\n').flatMap((line) => {
    try {
      const entry = JSON.parse(line) as Partial<PublishEntry>;
      return typeof entry.at === 'string' && ['published', 'degraded', 'failed'].includes(entry.outcome ?? '')
        ? [entry as PublishEntry]
        : [];
    } catch {
      return [];
    }
  });
}
