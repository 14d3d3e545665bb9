import type { RemoteName } from '@maison/shared';
import type { LoadableModuleId } from '../moduleIds';
import type { LoadFailureReason } from '../loading/loadFailure';
import type { Signal } from '../../contract/beacon';
import type { PageEvent } from './federationHook';
import { loadTimings, type LoadTimings } from './timings';

/**
 * The records of a page load, as the console's tables show them and a report sends them: each
 * module load with which build served it and what its files cost, each failure with its reason,
 * the page's vitals. Made from the federation core's events (and the vitals); shoppers never see them.
 */

/** One remote module loaded for this page: which build served it and what its files cost. */
export interface LoadRecord extends LoadTimings {
  kind: 'load';
  /** The page's path when the module was asked for. */
  page: string;
  remote: RemoteName;
  module: LoadableModuleId;
  url: string;
  build: string | null;
  fallback: boolean;
}

export interface FailureRecord {
  kind: 'failure';
  page: string;
  remote: RemoteName;
  module: LoadableModuleId;
  url: string | null;
  reason: LoadFailureReason;
  error: string;
}

/** The page's LCP, INP or CLS, with the area that holds its element: a remote module id, or 'host'. */
export interface VitalRecord {
  kind: 'vital';
  page: string;
  name: Extract<Signal, { kind: 'vital' }>['name'];
  /** Milliseconds (LCP, INP), or a layout shift score (CLS). */
  value: number;
  rating: 'good' | 'needs-improvement' | 'poor';
  area: string;
  /** The remote that owns the area, or 'host'. */
  remote: string;
}

export type StatusRecord = LoadRecord | FailureRecord | VitalRecord;

/**
 * Turns the core's events into load and failure records, one event at a time: a load's timings
 * run from its 'loading' event to its 'loaded' one. Other events make no record.
 */
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
        const timings = { manifestUrl: event.url, files: event.files, startedAt: started, endedAt: event.at };
        return {
          kind: 'load',
          page,
          remote: event.remote,
          module: event.module,
          url: event.url,
          build: event.buildVersion ?? null,
          fallback: event.entry > 0,
          ...loadTimings(timings, entries()),
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
