/** Journals: a JSON line per entry, trimmed to the newest `kept`; a failed write loses only the entry. */
import { appendFileSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export function appendLine(env: string, file: string, entry: unknown, kept: number): void {
  const journal = path.join(env, file);
  try {
    appendFileSync(journal, `${JSON.stringify(entry)}\n`);
    const lines = readFileSync(journal, 'utf8').split('\n').filter(Boolean);
    if (lines.length > 2 * kept) writeFileSync(journal, `${lines.slice(-kept).join('\n')}\n`);
  } catch {
    // Said above: the entry is lost, the work stands.
  }
}

/** The journal's entries that `isEntry` accepts, oldest first; none when there is no journal. */
export function readLines<T>(env: string, file: string, isEntry: (value: unknown) => value is T): T[] {
  let text = '';
  try {
    text = readFileSync(path.join(env, file), 'utf8');
  } catch {
    return [];
  }
  return text.split('\n').flatMap((line) => {
    try {
      const value = JSON.parse(line) as unknown;
      return isEntry(value) ? [value] : [];
    } catch {
      return [];
    }
  });
}
