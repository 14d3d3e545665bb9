import type { RemoteName } from '@maison/shared';
import type { LoadableModuleId } from '../moduleIds';
import type { LoadFailureReason } from '../loading/loadFailure';
import type { Signal } from '../../contract/beacon';
import type { PageEvent } from './federationHook';
import { loadTimings, type LoadTimings } from './timings';

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
