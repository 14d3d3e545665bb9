/** A build's files by URL path, confined to its folder and kept until they change. */
// Why a build's own `<file>.br`: docs/decisions/precompression.md
import { readFile, stat } from 'node:fs/promises';
import { promisify } from 'node:util';
import { brotliDecompress as brotliDecompressCallback } from 'node:zlib';
import path from 'node:path';
import { LRUCache } from 'lru-cache';
import { HOST_BUILD_FILES } from '@maison/host/contract';
import { bodyOf, typeOf, type Body } from './bodies.ts';
import { readsAccept } from './navigation.ts';

export type FileSource = { find(pathname: string): Promise<Body | undefined> };

/** A build's own brotli form of a file, beside it: never handed out by its own name. */
const PRECOMPRESSED = '.br';

/** No file of a build has a longer path; a longer one is not looked for. */
const MAX_FILE_PATH = 1024;

/** The path's decoded segments if it can name a file (every build file has an extension). */
function fileSegments(pathname: string): string[] | undefined {
  if (pathname.length > MAX_FILE_PATH || !pathname.startsWith('/') || !readsAccept(pathname)) return undefined;
  try {
    const segments = pathname.slice(1).split('/').map(decodeURIComponent);
    return segments.every((segment) => segment !== '' && !segment.startsWith('.') && !/[\0/\\]/.test(segment)) ? segments : undefined;
  } catch {
    return undefined;
  }
}

/** What is read of a file system: the disk's (node:fs/promises) or webpack's in-memory one. */
export interface ReadableFileSystem {
  stat(file: string): Promise<{ isFile(): boolean; size: number; mtimeMs: number }>;
  readFile(file: string): Promise<Buffer>;
}

const brotliDecompress = promisify(brotliDecompressCallback);

const DISK: ReadableFileSystem = { stat, readFile: (file) => readFile(file) };

// Used only while it still decompresses to the file, why: docs/decisions/serving.md#precompressed-check
async function ownPrecompressed(fileSystem: ReadableFileSystem, file: string, bytes: Buffer): Promise<Buffer | undefined> {
  const compressed = await fileSystem.readFile(`${file}${PRECOMPRESSED}`).catch(() => undefined);
  if (!compressed) return undefined;
  const original = await brotliDecompress(compressed).catch(() => undefined);
  return original?.equals(bytes) ? compressed : undefined;
}

export function buildFiles(dist: string, shown: { isHost: boolean; sourceMaps: boolean }, fileSystem = DISK): FileSource {
  const kept = new LRUCache<string, { stamp: string; body: Body }>({ max: 4096 });
  return {
    async find(pathname) {
      const segments = fileSegments(pathname);
      if (!segments) return undefined;
      const relative = segments.join('/');
      if (hiddenFile(relative, shown)) return undefined;
      const file = path.join(dist, ...segments);
      const stats = await fileSystem.stat(file).catch(() => undefined);
      if (!stats?.isFile()) return undefined;
      const stamp = `${stats.size}@${stats.mtimeMs}`;
      const known = kept.get(relative);
      if (known?.stamp === stamp) return known.body;
      const bytes = await fileSystem.readFile(file).catch(() => undefined);
      if (!bytes) return undefined;
      const precompressed = await ownPrecompressed(fileSystem, file, bytes);
      const body = bodyOf(bytes, typeOf(relative));
      if (precompressed && body.encoded) body.encoded.set('br', Promise.resolve(precompressed));
      kept.set(relative, { stamp, body });
      return body;
    },
  };
}

/** Written by every build for its tools (they name the build machine's source files): never handed out. */
const BUILD_TOOL_FILE = /(^|\/)mf-(manifest-)?stats\.json$/;
const SERVER_ONLY_FILES = new Set<string>([HOST_BUILD_FILES.routes, HOST_BUILD_FILES.shell]);

function hiddenFile(relative: string, { isHost, sourceMaps }: { isHost: boolean; sourceMaps: boolean }): boolean {
  return (
    (!sourceMaps && relative.endsWith('.map')) ||
    relative.endsWith(PRECOMPRESSED) ||
    BUILD_TOOL_FILE.test(relative) ||
    (isHost && SERVER_ONLY_FILES.has(relative))
  );
}

/** A remote's answers may be read by the shop's page on another origin; a page never needs it. */
export const corsFor = (isHost: boolean, type: string): Record<string, string> =>
  !isHost && !type.startsWith('text/html') ? { 'Access-Control-Allow-Origin': '*' } : {};
