/** Source edits for the dev-loop benchmark and tests, restored by restore() or at exit at the latest. */
import { readFileSync, writeFileSync } from 'node:fs';

const originals = new Map();

export function restoreAllSources() {
  for (const [file, original] of originals) writeFileSync(file, original);
  originals.clear();
}
process.once('exit', restoreAllSources);

/** Replaces `from` by `to` in `file` (absolute path); throws if the file no longer holds `from`. */
export function editSource(file, from, to) {
  const current = readFileSync(file, 'utf8');
  if (!current.includes(from)) throw new Error(`${file} no longer contains ${JSON.stringify(from)}: update the edit`);
  if (!originals.has(file)) originals.set(file, current);
  writeFileSync(file, current.replace(from, to));
  return {
    restore() {
      if (!originals.has(file)) return;
      writeFileSync(file, originals.get(file));
      originals.delete(file);
    },
  };
}
