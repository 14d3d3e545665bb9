/** Fetches of remotes' files, each checked: listed origin, https, kind, no redirect, size and time. Node runs it as is. */
// Why: docs/decisions/build-and-render.md#remote-files
import { MANIFEST_FILE, remoteOrigins, transportProblem, type RemoteLocations } from '../contract/remotesJson.ts';

const KiB = 1024;
const MiB = 1024 * KiB;

/** The most each kind of remote file may weigh, far above the builds' own. */
export const REMOTE_FILE_BYTES = {
  manifest: 1 * MiB,
  script: 4 * MiB,
  stylesheet: 256 * KiB,
} as const;

/** Per file (headers and body) and, for a publish, in total (a server's renderer lives on: no total). */
export type RemoteFileLimits = { fileMs: number; totalMs?: number };

export const REMOTE_FILE_LIMITS: RemoteFileLimits = { fileMs: 15_000 };
export const PUBLISH_FILE_LIMITS = { ...REMOTE_FILE_LIMITS, totalMs: 60_000 } as const satisfies Required<RemoteFileLimits>;

function remoteFileKind(url: URL): keyof typeof REMOTE_FILE_BYTES | undefined {
  if (url.pathname.endsWith(`/${MANIFEST_FILE}`)) return 'manifest';
  if (url.pathname.endsWith('.js')) return 'script';
  if (url.pathname.endsWith('.css')) return 'stylesheet';
  return undefined;
}

const bytesText = (bytes: number) => (bytes % MiB === 0 ? `${bytes / MiB} MiB` : `${Math.round(bytes / KiB)} KiB`);

/** Names the remote a URL belongs to: the one whose build folder holds it, else the one on its origin. */
function remoteOfUrl(locations: RemoteLocations): (url: string) => string | undefined {
  const builds = Object.entries(locations).flatMap(([name, urls]) =>
    (urls ?? []).map((url) => ({ name, folder: new URL('./', url).href, origin: new URL(url).origin })),
  );
  return (url) => {
    const origin = URL.canParse(url) ? new URL(url).origin : undefined;
    return (builds.find(({ folder }) => url.startsWith(folder)) ?? builds.find((build) => build.origin === origin))?.name;
  };
}

/** The body of `response`, read only as far as `limit` bytes: past that it is abandoned, and this throws. */
async function readWithin(response: Response, limit: number, kind: string): Promise<Blob> {
  const tooLarge = () => new Error(`larger than the ${bytesText(limit)} a ${kind} may be`);
  if (Number(response.headers.get('content-length')) > limit) {
    await response.body?.cancel();
    throw tooLarge();
  }
  const chunks: Uint8Array<ArrayBuffer>[] = [];
  let size = 0;
  for await (const chunk of response.body ?? []) {
    size += chunk.byteLength;
    // Leaving the loop cancels the body.
    if (size > limit) throw tooLarge();
    chunks.push(chunk);
  }
  return new Blob(chunks);
}

/** Marks an error that already names the failed remote file. */
const REMOTE_FILE_ERROR = 'RemoteFileError';

/** A fetch of remote files only, each within `limits`; the answer is whole in memory once it resolves. */
export function remoteFileFetch(
  locations: RemoteLocations,
  base: typeof fetch = globalThis.fetch,
  { fileMs, totalMs }: RemoteFileLimits = REMOTE_FILE_LIMITS,
): typeof fetch {
  const remoteOf = remoteOfUrl(locations);
  const listed = remoteOrigins(locations);
  const deadline = totalMs === undefined ? undefined : AbortSignal.timeout(totalMs);
  const fetchFile = async (input: Parameters<typeof fetch>[0], init?: RequestInit): Promise<Response> => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const file = AbortSignal.timeout(fileMs);
    const fail = (why: string, cause?: unknown) => {
      if (file.aborted) why = `no answer within ${fileMs / 1000} s`;
      else if (deadline?.aborted) why = `the ${totalMs! / 1000} s for remote files ran out`;
      const error = new Error(`${remoteOf(url) ?? 'a remote'}: ${url}: ${why}`, { cause });
      error.name = REMOTE_FILE_ERROR;
      return error;
    };
    // Only a remote file: on a listed origin, over https (or http on this machine), a manifest, a script or a stylesheet.
    if (!URL.canParse(url)) throw fail('is not a URL');
    const parsed = new URL(url);
    if (!listed.includes(parsed.origin)) throw fail(`is on no origin remotes.json lists (${listed.join(', ') || 'none'}): not fetched`);
    const transport = transportProblem(parsed);
    if (transport) throw fail(`${transport}: not fetched`);
    const kind = remoteFileKind(parsed);
    if (!kind) throw fail('is not a manifest, a script or a stylesheet: not fetched');
    const signal = AbortSignal.any([file, ...(deadline ? [deadline] : []), ...(init?.signal ? [init.signal] : [])]);
    try {
      const response = await base(url, { ...init, signal, redirect: 'manual' });
      if (response.status >= 300 && response.status < 400) {
        await response.body?.cancel();
        throw fail(
          `answered HTTP ${response.status} to ${response.headers.get('location') ?? 'nowhere'}: a remote's files are not redirected`,
        );
      }
      const body = await readWithin(response, REMOTE_FILE_BYTES[kind], kind);
      return new Response(body, { status: response.status, statusText: response.statusText, headers: response.headers });
    } catch (error) {
      if ((error as Error).name === REMOTE_FILE_ERROR) throw error;
      // The network's own words (ECONNREFUSED) are the cause of fetch's "fetch failed".
      throw fail(((error as Error).cause as Error | undefined)?.message || (error as Error).message, error);
    }
  };
  return fetchFile as typeof fetch;
}
