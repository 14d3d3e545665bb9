/** The source the page runs, for tests that read code: every app's src/ and @maison/shared's, tests left out. */
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { APPS } from '../apps.mts';

export const ROOT = path.resolve(__dirname, '..');

/** shared/src and each app's src/ (apps.json), as absolute paths. */
export const SOURCE_DIRS = ['shared', ...APPS.map(({ dir }) => dir)].map((dir) => path.join(ROOT, dir, 'src'));

export const isTestFile = (file: string) => /\.test\.tsx?$/.test(file);

/** Code only the renderer runs (the host's src/renderer/, a remote's server-only exposes in its src/server/). */
export const isServerOnly = (file: string) => ['server', 'renderer'].some((folder) => file.split(path.sep).includes(folder));

/** Every .ts and .tsx file the page runs (no tests, nothing only the renderer runs), as absolute paths. */
export function appSourceFiles(): string[] {
  return SOURCE_DIRS.flatMap((dir) =>
    readdirSync(dir, { recursive: true, withFileTypes: true })
      .filter(
        (entry) =>
          entry.isFile() && /\.tsx?$/.test(entry.name) && !isTestFile(entry.name) && !isServerOnly(path.relative(dir, entry.parentPath)),
      )
      .map((entry) => path.join(entry.parentPath, entry.name)),
  );
}
