import type { Signal } from '../../contract/beacon';
import { MAX_MEASURE, MAX_PAGE } from '../../contract/beaconLimits';
import { sendBeacons, whenHidden } from './beacons';
import type { FederationHook, FederationStatus } from './federationHook';
import { loadRecorder, type VitalRecord } from './loadRecords';
import type { PageSignals } from './pageSignals';
import { observeVitals } from './vitals';

/** A vital as a beacon carries it (no area, no rating), or nothing for a value the answerer would refuse. */
export function vitalSignal({ page, name, value }: VitalRecord): Signal | undefined {
  if (!Number.isFinite(value) || value < 0 || value > MAX_MEASURE) return undefined;
  return { kind: 'vital', page: page.slice(0, MAX_PAGE), name, value };
}

/** The status chunk: takes over the hook's events and the signals' sending, and adds the vitals. */
// Why: docs/decisions/federation-runtime.md#status-chunk
export type PageStatus = ReturnType<typeof startPageStatus>;

export function startPageStatus({ status, takeEvents }: FederationHook, signals: PageSignals, target: Window = window) {
  const recordOf = loadRecorder();
  takeEvents((pageEvent) => {
    const record = recordOf(pageEvent);
    if (record) status.records.push(record);
  });

  let queued: Signal[] = [];
  let vitalsSent = signals.take((record) => queued.push(record));
  const flush = () => {
    if (!vitalsSent) {
      vitalsSent = true;
      for (const vital of Object.values(status.vitals)) {
        const signal = vitalSignal(vital);
        if (signal) queued.push(signal);
      }
    }
    sendBeacons(queued, signals.head);
    queued = [];
  };
  whenHidden(flush, target);
  // Started in a hidden page (a tab opened in the background): what it holds goes now.
  if (target.document.visibilityState === 'hidden') flush();

  return {
    print: () => printStatus(status),
    /** Watches the page's LCP, INP and CLS from now on (the start-up calls it at the first idle moment). */
    watchVitals() {
      // A page load's vitals belong to the page it opened, however far the shopper has moved since.
      void observeVitals((vital) => (status.vitals[vital.name] = { ...vital, page: signals.landing }));
    },
  };
}

const ms = (timing?: { duration: number }) => (timing ? `${timing.duration} ms` : '—');

/** `__MAISON_FEDERATION__.print()`: the remotes, this page load's module loads and its vitals, as three console tables. */
function printStatus(status: FederationStatus): void {
  console.table(
    Object.fromEntries(
      Object.entries(status.remotes).map(([name, remote]) => [
        name,
        {
          state: remote.state,
          url: remote.url,
          build: remote.buildVersion,
          fallback: remote.fallback,
          failures: remote.failures.map(({ reason }) => reason).join(', '),
        },
      ]),
    ),
  );
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
  console.table(Object.values(status.vitals).map(({ name, value, rating, area }) => ({ name, value, rating, area })));
}
