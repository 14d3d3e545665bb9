/**
 * The pages an environment has published, as the host's answerer serves them: the generation the
 * environment serves now (environment/served.ts), its remotes.json, render record and files. A
 * file read once is kept (its ETag and compressed forms with it: a generation never changes),
 * up to KEPT_FILES of them.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { GENERATION_FILE, notFoundFileOf, pageFileOf } from '../environment/layout.ts';
import type { ServedEnvironment } from '../environment/served.ts';
import { bodyOf, typeOf, type Body } from './bodies.ts';
import type { ServedPages } from './pages.ts';

const KEPT_FILES = 512;

export function publishedPages(environment: ServedEnvironment, log: (line: string) => void): ServedPages {
  const kept = new Map<string, Body>();
  const file = async (dir: string, name: string): Promise<Body | undefined> => {
    const absolute = path.join(dir, name);
    const known = kept.get(absolute);
    if (known) return known;
    const bytes = await readFile(absolute).catch(() => undefined);
    if (!bytes) return void log(`[serve] ${absolute} cannot be read: answered as if it had not been rendered`);
    const body = bodyOf(bytes, typeOf(name));
    if (kept.size >= KEPT_FILES) kept.delete(kept.keys().next().value!);
    kept.set(absolute, body);
    return body;
  };
  return {
    now() {
      const served = environment.now();
      const generation = served.generation;
      const read = (name: string) => (generation ? file(generation.dir, name) : Promise.resolve(undefined));
      return {
        key: served.key,
        remotesJson: served.remotesJson,
        ...(generation ? { render: generation.render } : {}),
        page: (language, pathname) => read(path.join(GENERATION_FILE.pages, language, pageFileOf(pathname) ?? '?')),
        notFoundPage: (language, page) => read(path.join(GENERATION_FILE.pages, language, notFoundFileOf(page))),
        crawlerFile: read,
      };
    },
  };
}
