/** Fresh URLs (`?retry=N`) for a remote's files after a Retry or a build replaced under the page. */
// Why: docs/decisions/federation-runtime.md#retry-urls
export function createRetryUrls() {
  /** Per remote build: the folder its manifest is in. */
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
