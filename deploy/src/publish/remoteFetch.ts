/**
 * Every fetch a publish makes of a remote's files (manifests, entries, the server builds the
 * renderer loads) ends: each file within FILE_MS, all of them within TOTAL_MS, or it fails with
 * an error that names the remote and the URL. The body is read inside the limit too (a server
 * that sends headers and then nothing is a file that never finishes).
 */
export const REMOTE_FETCH_LIMITS = { fileMs: 15_000, totalMs: 60_000 } as const;

export interface LimitedFetch {
  fetch: typeof fetch;
  /** Aborted once the publish's time for remote files has run out. */
  deadline: AbortSignal;
}

const urlOf = (input: Parameters<typeof fetch>[0]) => (typeof input === 'string' ? input : input instanceof URL ? input.href : input.url);

/**
 * A fetch within the limits. `remoteOf(url)` names the remote a URL belongs to, for the error
 * ("cart: http://…/remoteEntry.js: no answer within 15 s").
 */
export function limitedFetch(
  remoteOf: (url: string) => string | undefined,
  { fileMs, totalMs }: { fileMs: number; totalMs: number } = REMOTE_FETCH_LIMITS,
  base: typeof fetch = globalThis.fetch,
): LimitedFetch {
  const deadline = AbortSignal.timeout(totalMs);
  const limited = async (input: Parameters<typeof fetch>[0], init?: RequestInit): Promise<Response> => {
    const url = urlOf(input);
    const file = AbortSignal.timeout(fileMs);
    const signal = AbortSignal.any([file, deadline, ...(init?.signal ? [init.signal] : [])]);
    try {
      const response = await base(input, { ...init, signal });
      const bytes = await response.arrayBuffer();
      return new Response(bytes, { status: response.status, statusText: response.statusText, headers: response.headers });
    } catch (error) {
      const why = file.aborted
        ? `no answer within ${fileMs / 1000} s`
        : deadline.aborted
          ? `the publish's ${totalMs / 1000} s for remote files ran out`
          : ((error as Error).cause as Error | undefined)?.message || (error as Error).message;
      throw new Error(`${remoteOf(url) ?? 'a remote'}: ${url}: ${why}`, { cause: error });
    }
  };
  return { fetch: limited as typeof fetch, deadline };
}

/** Names a URL's remote by the remotes.json entries: the remote whose build folder (a manifest's folder) holds it. */
export function remoteNamer(locations: Partial<Record<string, string[]>>): (url: string) => string | undefined {
  const folders = Object.entries(locations).flatMap(([name, urls]) => (urls ?? []).map((url) => [name, new URL('./', url).href] as const));
  return (url) => folders.find(([, folder]) => url.startsWith(folder))?.[0];
}
