/**
 * Every fetch a publish makes of a remote's files (manifests, entries, the server builds the
 * renderer loads) is one of the remotes' files and ends: only from an origin remotes.json lists
 * (refused before any request), no larger than its kind may be (the host's REMOTE_FILE_BYTES),
 * each file within FILE_MS and all of them within TOTAL_MS, or it fails with an error that names
 * the remote and the URL. The body is read inside the limits too (a server that sends headers and
 * then nothing is a file that never finishes).
 */
import { remoteFileError, remoteFileFetch, remoteOfUrl, type RemoteLocations } from '@maison/host/hosting';

export const REMOTE_FETCH_LIMITS = { fileMs: 15_000, totalMs: 60_000 } as const;

export interface LimitedFetch {
  fetch: typeof fetch;
  /** Aborted once the publish's time for remote files has run out. */
  deadline: AbortSignal;
}

const urlOf = (input: Parameters<typeof fetch>[0]) => (typeof input === 'string' ? input : input instanceof URL ? input.href : input.url);

/**
 * A fetch of the files of the remotes at `locations` (remotes.json as read), within the limits;
 * its errors name the remote ("cart: http://…/remoteEntry.js: no answer within 15 s").
 */
export function limitedFetch(
  locations: RemoteLocations,
  { fileMs, totalMs }: { fileMs: number; totalMs: number } = REMOTE_FETCH_LIMITS,
  base: typeof fetch = globalThis.fetch,
): LimitedFetch {
  const deadline = AbortSignal.timeout(totalMs);
  const remoteOf = remoteOfUrl(locations);
  const files = remoteFileFetch(locations, base);
  const limited = async (input: Parameters<typeof fetch>[0], init?: RequestInit): Promise<Response> => {
    const url = urlOf(input);
    const file = AbortSignal.timeout(fileMs);
    const signal = AbortSignal.any([file, deadline, ...(init?.signal ? [init.signal] : [])]);
    try {
      return await files(url, { ...init, signal });
    } catch (error) {
      if (file.aborted) throw remoteFileError(remoteOf(url), url, `no answer within ${fileMs / 1000} s`, error);
      if (deadline.aborted) throw remoteFileError(remoteOf(url), url, `the publish's ${totalMs / 1000} s for remote files ran out`, error);
      throw error;
    }
  };
  return { fetch: limited as typeof fetch, deadline };
}
