/** Crash-safe writes: files flushed before being renamed into place, folders flushed after. */
import { closeSync, fsyncSync, mkdirSync, openSync, renameSync, rmSync, symlinkSync, writeSync } from 'node:fs';
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

/** Writes `content` to `file` (creating its folders) and flushes it to disk before returning. */
export function writeFlushed(file: string, content: string | Buffer): void {
  mkdirSync(path.dirname(file), { recursive: true });
  const fd = openSync(file, 'w');
  try {
    const bytes = typeof content === 'string' ? Buffer.from(content) : content;
    for (let written = 0; written < bytes.length;) written += writeSync(fd, bytes, written);
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

/** Replaces `file` in one step: the old content or the new, whatever happens. */
export function replaceFile(file: string, content: string): void {
  const temporary = `${file}.${process.pid}.tmp`;
  try {
    writeFlushed(temporary, content);
    renameSync(temporary, file);
  } catch (error) {
    rmSync(temporary, { force: true });
    throw error;
  }
  flushFolder(path.dirname(file));
}

/** Points the symlink `link` at `target` (relative to the link's folder) in one step. */
export function replaceSymlink(link: string, target: string): void {
  const temporary = `${link}.${process.pid}.tmp`;
  rmSync(temporary, { force: true });
  symlinkSync(target, temporary);
  renameSync(temporary, link);
  flushFolder(path.dirname(link));
}
