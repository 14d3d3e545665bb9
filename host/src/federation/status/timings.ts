/** One file's request from the resource timings: start and duration in whole ms on the page's clock. */
// Why: docs/decisions/federation-runtime.md#load-timings
export interface FileTiming {
  url: string;
  start: number;
  duration: number;
}

export interface LoadTimings {
  manifest?: FileTiming;
  entry?: FileTiming;
  chunks: FileTiming[];
  /** From the loader starting the module to the module in hand. */
  total: number;
}

const resources = () => performance.getEntriesByType('resource');

function timingOf(url: string, entries: readonly PerformanceEntry[]): FileTiming | undefined {
  // After a Retry the entry is requested as `…/remoteEntry.js?retry=N`: the latest request counts.
  const matching = entries.filter(({ name }) => name === url || name.startsWith(`${url}?`));
  const entry = matching[matching.length - 1] as PerformanceResourceTiming | undefined;
  if (!entry) return undefined;
  return { url, start: Math.round(entry.startTime), duration: Math.round(entry.responseEnd - entry.startTime) };
}

/** The timings of a load of the module whose manifest is `manifestUrl` and whose `files` are its entry, then its JS and CSS. */
export function loadTimings(
  { manifestUrl, files, startedAt, endedAt }: { manifestUrl: string; files: readonly string[]; startedAt: number; endedAt: number },
  entries: readonly PerformanceEntry[] = resources(),
): LoadTimings {
  const [entryUrl, ...chunkUrls] = files;
  return {
    manifest: timingOf(manifestUrl, entries),
    entry: entryUrl ? timingOf(entryUrl, entries) : undefined,
    chunks: chunkUrls.flatMap((url) => timingOf(url, entries) ?? []),
    total: Math.round(endedAt - startedAt),
  };
}
