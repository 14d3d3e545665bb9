import type { RemoteName } from '@maison/shared';
import type { LoadableModuleId } from '../moduleIds';
import type { FederationEvents } from '../loading/events';
import type { LoadFailureReason } from '../loading/loadFailure';
import { loadTimings, type LoadTimings } from './timings';

/**
 * What is live in this page and what it cost, for on-call: `window.__MAISON_FEDERATION__` in the
 * console (`__MAISON_FEDERATION__.print()` prints it as tables). Recorded from the loader's events
 * and the page's vitals only; shoppers never see it. The same records are what a report sends
 * (report.ts), when the environment asks for reports.
 */
export type RemoteState = 'not loaded' | 'loading' | 'loaded' | 'failed';

export interface RemoteStatus {
  /** Manifest URLs from remotes.json, first choice first. */
  configured: string[];
  state: RemoteState;
  /** The manifest in use (or last tried). */
  url: string | null;
  buildVersion: string | null;
  /** True when a fallback entry is in use because an earlier one failed. */
  fallback: boolean;
  failures: Array<{ url: string | null; reason: LoadFailureReason; error: string }>;
}

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

/** The page's LCP or INP, with the area that holds its element: a remote module id, or 'host'. */
export interface VitalRecord {
  kind: 'vital';
  page: string;
  name: 'LCP' | 'INP';
  /** Milliseconds. */
  value: number;
  rating: 'good' | 'needs-improvement' | 'poor';
  area: string;
  /** The remote that owns the area, or 'host'. */
  remote: string;
}

export type StatusRecord = LoadRecord | FailureRecord | VitalRecord;

export interface FederationStatus {
  host: { buildVersion: string; sharedContract: string };
  configProblems: string[];
  remotes: Partial<Record<RemoteName, RemoteStatus>>;
  /** Every module load and failure of this page load, in order. */
  records: Array<LoadRecord | FailureRecord>;
  /** The latest LCP and INP, as the page reports them. */
  vitals: Partial<Record<VitalRecord['name'], VitalRecord>>;
  /** When the idle prefetch of other pages began (ms since the page started), if it has. */
  idlePrefetchAt: number | null;
  print(): void;
}

export interface StatusRecorder {
  status: FederationStatus;
  vital(record: VitalRecord): void;
  /** Called with each record as it is made (a load, a failure, a vital's new value). */
  onRecord(listener: (record: StatusRecord) => void): void;
}

const ms = (timing?: { duration: number }) => (timing ? `${timing.duration} ms` : '—');

export function recordFederationStatus(
  events: FederationEvents,
  host: FederationStatus['host'],
  names: readonly RemoteName[],
  page: () => string = () => window.location.pathname,
): StatusRecorder {
  const listeners: Array<(record: StatusRecord) => void> = [];
  const status: FederationStatus = {
    host,
    configProblems: [],
    remotes: {},
    records: [],
    vitals: {},
    idlePrefetchAt: null,
    print() {
      const row = (remote: RemoteStatus) => ({
        state: remote.state,
        url: remote.url,
        build: remote.buildVersion,
        fallback: remote.fallback,
        failures: remote.failures.map(({ reason }) => reason).join(', '),
      });
      console.table(Object.fromEntries(Object.entries(status.remotes).map(([name, remote]) => [name, row(remote)])));
      const loads = status.records.flatMap((record) => (record.kind === 'load' ? [record] : []));
      console.table(
        loads.map((load) => ({
          page: load.page,
          module: load.module,
          build: load.build,
          manifest: ms(load.manifest),
          entry: ms(load.entry),
          chunks: load.chunks.map((chunk) => `${chunk.duration} ms`).join(' + ') || '—',
          total: `${load.total} ms`,
        })),
      );
      console.table(
        Object.values(status.vitals).map(({ name, value, rating, area }) => ({ name, value: Math.round(value), rating, area })),
      );
    },
  };
  const remote = (name: RemoteName): RemoteStatus =>
    (status.remotes[name] ??= { configured: [], state: 'not loaded', url: null, buildVersion: null, fallback: false, failures: [] });
  const record = (made: StatusRecord) => {
    if (made.kind === 'vital') status.vitals[made.name] = made;
    else status.records.push(made);
    for (const listener of listeners) listener(made);
  };
  const startedAt = new Map<string, number>();

  events.listen((event) => {
    switch (event.type) {
      case 'configured':
        status.configProblems = event.problems;
        for (const name of names) remote(name).configured = event.locations[name] ?? [];
        break;
      case 'loading':
        Object.assign(remote(event.remote), { state: 'loading', url: event.url });
        startedAt.set(`${event.module} ${event.url}`, event.at);
        break;
      case 'loaded': {
        Object.assign(remote(event.remote), {
          state: 'loaded',
          url: event.url,
          buildVersion: event.buildVersion ?? null,
          fallback: event.fallback,
        });
        const started = startedAt.get(`${event.module} ${event.url}`) ?? event.at;
        record({
          kind: 'load',
          page: page(),
          remote: event.remote,
          module: event.module,
          url: event.url,
          build: event.buildVersion ?? null,
          fallback: event.fallback,
          ...loadTimings({ manifestUrl: event.url, files: event.files, startedAt: started, endedAt: event.at }),
        });
        break;
      }
      case 'failed': {
        const entry = remote(event.remote);
        const { url = null, reason, message } = event.failure;
        entry.state = 'failed';
        entry.failures.push({ url, reason, error: message });
        record({ kind: 'failure', page: page(), remote: event.remote, module: event.module, url, reason, error: message });
        break;
      }
      case 'idle-prefetch':
        status.idlePrefetchAt = Math.round(performance.now());
        break;
    }
  });
  return {
    status,
    vital: record,
    onRecord: (listener) => void listeners.push(listener),
  };
}
