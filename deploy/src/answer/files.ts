/** The files answer: a build's file by URL path, with its cache class, policy and (a remote's) CORS. */
import { HOST_BUILD_FILES } from '@maison/host/contract';
import type { Body } from './bodies.ts';
import type { Reply } from './http.ts';
import { cacheControl } from './cacheControl.ts';

/** A build's files by URL path: a folder on disk (buildFiles.ts), or webpack's in-memory output in development. */
export interface FileSource {
  find(pathname: string): Promise<Body | undefined>;
}

/** Written by every build for its tools (they name the build machine's source files): never handed out. */
const BUILD_TOOL_FILE = /(^|\/)mf-(manifest-)?stats\.json$/;
/** Files of the host build that only the servers read. */
const SERVER_ONLY_FILES = new Set<string>([HOST_BUILD_FILES.routes, HOST_BUILD_FILES.shell]);

/** Whether a build's file (its path in the build) is never handed out (a file's brotli form is sent for the file). */
export function hiddenFile(relative: string, { isHost, sourceMaps }: { isHost: boolean; sourceMaps: boolean }): boolean {
  return (
    (!sourceMaps && relative.endsWith('.map')) ||
    relative.endsWith('.br') ||
    BUILD_TOOL_FILE.test(relative) ||
    (isHost && SERVER_ONLY_FILES.has(relative))
  );
}

/** A remote's answers may be read by the shop's page on another origin; a page never needs it. */
export const corsFor = (isHost: boolean, type: string): Record<string, string> =>
  !isHost && !type.startsWith('text/html') ? { 'Access-Control-Allow-Origin': '*' } : {};

export interface FilesAnswerOptions {
  files: FileSource;
  isHost: boolean;
  /** The page policy's headers, for the build's own HTML. */
  pageHeaders: () => Record<string, string> | Promise<Record<string, string>>;
  /** How long a file may be kept, by its path (cacheControl.ts's cache classes; development keeps nothing). */
  cacheOf?: (pathname: string) => string;
}

/** The build's file at the URL's path, or undefined when there is none to hand out. */
export function filesAnswer({ files, isHost, pageHeaders, cacheOf = cacheControl }: FilesAnswerOptions) {
  return async (url: URL): Promise<Reply | undefined> => {
    const body = await files.find(url.pathname);
    if (!body) return undefined;
    const headers = body.type.startsWith('text/html') ? await pageHeaders() : {};
    return { status: 200, headers: { ...headers, ...corsFor(isHost, body.type), 'Cache-Control': cacheOf(url.pathname) }, body };
  };
}
