/** Crash-safe writes: files flushed before being renamed into place, folders flushed after. */
import { closeSync, fsyncSync, mkdirSync, openSync, renameSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** Flushes a folder, so that the names created or renamed in it survive a crash. */
export function flushFolder(dir: string): void {
  const fd = openSync(dir, 'r');
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

export function writeFlushed(file: string, content: string | Buffer): void {
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, content, { flush: true });
}

/** Replaces `file` in one step (made beside it by `make`, then renamed): the old one or the new, whatever happens. */
function replace(file: string, make: (temporary: string) => void): void {
  const temporary = `${file}.${process.pid}.tmp`;
  try {
    rmSync(temporary, { force: true });
    make(temporary);
    renameSync(temporary, file);
  } catch (error) {
    rmSync(temporary, { force: true });
    throw error;
  }
  flushFolder(path.dirname(file));
}

export const replaceFile = (file: string, content: string) => replace(file, (temporary) => writeFlushed(temporary, content));
/** Points the symlink `link` at `target` (relative to the link's folder). */
export const replaceSymlink = (link: string, target: string) => replace(link, (temporary) => symlinkSync(target, temporary));
