/**
 * After a Retry, a remote's manifest and entry are asked for under a fresh URL (`?retry=1`):
 * the page's Link header preloads the route's manifest and entry, and a browser keeps a failed
 * preload of the plain URL and may answer a new request with that same failure (WebKit does so
 * for the manifest's fetch, for as long as the page is open). A build replaced under the page is
 * asked for the same way: no cache, nor the page's inline data, answers with the old one.
 */
export function createRetryUrls() {
  /** Retries per remote build, keyed by the folder its manifest is in. */
  const retries = new Map<string, number>();
  const folderOf = (url: string) => url.slice(0, url.lastIndexOf('/') + 1);

  return {
    /** Retry was pressed (or a build replaced) for the remote whose entries are these manifest URLs. */
    retried(manifestUrls: readonly string[]) {
      for (const url of manifestUrls) retries.set(folderOf(url), (retries.get(folderOf(url)) ?? 0) + 1);
    },
    /** The URL to load a remote's file from: as given until that remote has been retried. */
    urlFor(url: string): string {
      const count = retries.get(folderOf(url));
      return count ? `${url}${url.includes('?') ? '&' : '?'}retry=${count}` : url;
    },
  };
}

export type RetryUrls = ReturnType<typeof createRetryUrls>;
