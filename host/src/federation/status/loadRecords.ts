import type { RemoteName } from '@maison/shared';
import type { LoadableModuleId } from '../moduleIds';
import type { Signal } from '../../contract/beacon';
import type { PageEvent } from './federationHook';

/** A record is its beacon signal (`page`: the path when the module was asked for) and what only the console shows. */
type SignalOf<Kind extends Signal['kind']> = Extract<Signal, { kind: Kind }>;
type ModuleOf = { remote: RemoteName; module: LoadableModuleId };

/** One remote module loaded for this page: which build served it and what its files cost. */
export type LoadRecord = SignalOf<'load'> & ModuleOf & ReturnType<typeof loadTimings> & { url: string };
export type FailureRecord = SignalOf<'failure'> & ModuleOf & { error: string };
/** The page's LCP, INP or CLS, with the area that holds its element (a remote module id, or 'host') and the remote that owns it. */
export type VitalRecord = SignalOf<'vital'> & { rating: 'good' | 'needs-improvement' | 'poor'; area: string; remote: string };

/** One file's request from the resource timings: start and duration in whole ms on the page's clock. */
// Why: docs/decisions/federation-runtime.md#load-timings
function timingOf(url: string, entries: readonly PerformanceEntry[]) {
  // After a Retry the entry is requested as `…/remoteEntry.js?retry=N`: the latest request counts.
  const matching = entries.filter(({ name }) => name === url || name.startsWith(`${url}?`));
  const entry = matching[matching.length - 1] as PerformanceResourceTiming | undefined;
  if (!entry) return undefined;
  return { url, start: Math.round(entry.startTime), duration: Math.round(entry.responseEnd - entry.startTime) };
}

/** The timings of a load of the module whose manifest is `manifestUrl` and whose `files` are its entry, then its JS and CSS. */
export function loadTimings(
  { manifestUrl, files, startedAt, endedAt }: { manifestUrl: string; files: readonly string[]; startedAt: number; endedAt: number },
  entries: readonly PerformanceEntry[] = performance.getEntriesByType('resource'),
) {
  const [entryUrl, ...chunkUrls] = files;
  return {
    manifest: timingOf(manifestUrl, entries),
    entry: entryUrl ? timingOf(entryUrl, entries) : undefined,
    chunks: chunkUrls.flatMap((url) => timingOf(url, entries) ?? []),
    /** From the loader starting the module to the module in hand. */
    total: Math.round(endedAt - startedAt),
  };
}

/** Turns core events into load and failure records; a load's timings run from 'loading' to 'loaded'. */
export function loadRecorder(
  entries: () => readonly PerformanceEntry[] = () => performance.getEntriesByType('resource'),
): (pageEvent: PageEvent) => LoadRecord | FailureRecord | undefined {
  const startedAt = new Map<string, number>();
  return ({ event, page }) => {
    switch (event.type) {
      case 'loading':
        startedAt.set(`${event.module} ${event.url}`, event.at);
        return undefined;
      case 'loaded': {
        const started = startedAt.get(`${event.module} ${event.url}`) ?? event.at;
        return {
          kind: 'load',
          page,
          remote: event.remote,
          module: event.module,
          url: event.url,
          build: event.buildVersion ?? null,
          fallback: event.entry > 0,
          ...loadTimings({ manifestUrl: event.url, files: event.files, startedAt: started, endedAt: event.at }, entries()),
        };
      }
      case 'failed': {
        const { url = null, reason, message } = event.failure;
        return { kind: 'failure', page, remote: event.remote, module: event.module, url, reason, error: message };
      }
      default:
        return undefined;
    }
  };
}
