/** The publish journal (publishes.jsonl): a line per publish, whatever became of it, for the metrics. */
import { appendLine, readLines } from './jsonLines.ts';

const PUBLISH_JOURNAL = 'publishes.jsonl';
const KEPT = 100;

export interface PublishEntry {
  at: string;
  outcome: 'published' | 'degraded' | 'failed';
  /** The generation made live, if one was. */
  generation?: string;
  /** What ran it (`npm run remotes -- set cart …`). */
  doing: string;
}

export function recordPublish(env: string, entry: PublishEntry): void {
  appendLine(env, PUBLISH_JOURNAL, entry, KEPT);
}

const isPublish = (value: unknown): value is PublishEntry => {
  const entry = value as Partial<PublishEntry> | null;
  return typeof entry?.at === 'string' && ['published', 'degraded', 'failed'].includes(entry.outcome ?? '');
};

/** The journal's entries, oldest first; lines that are not entries are skipped. */
export function readPublishes(env: string): PublishEntry[] {
  return readLines(env, PUBLISH_JOURNAL, isPublish);
}
