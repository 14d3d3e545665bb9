import { printStatus } from './consoleView';
import type { FederationHook } from './federationHook';
import { loadRecorder, type StatusRecord, type VitalRecord } from './loadRecords';
import { createReporter, flushWhenHidden } from './report';
import { observeVitals } from './vitals';

export interface PageStatus {
  print(): void;
  /** The environment asks for reports: every record of this page load goes to `url`, in beacons when the page is hidden. */
  reportTo(url: string, hostBuild: string): void;
  /** Watches the page's LCP and INP from now on (the start-up calls it at the first idle moment). */
  watchVitals(): void;
}

/**
 * The status chunk (loaded by federation/index.ts once the page is idle, or at once when the
 * environment asks for reports): it takes the core's events over from the hook, with those that
 * came before it, and keeps `__MAISON_FEDERATION__`'s records and vitals, which the console's
 * tables and the reports read.
 */
export function startPageStatus({ status, takeEvents }: FederationHook): PageStatus {
  const listeners: Array<(record: StatusRecord) => void> = [];
  const add = (record: StatusRecord) => {
    if (record.kind === 'vital') status.vitals[record.name] = record;
    else status.records.push(record);
    for (const listener of listeners) listener(record);
  };
  const recordOf = loadRecorder();
  takeEvents((pageEvent) => {
    const record = recordOf(pageEvent);
    if (record) add(record);
  });

  return {
    print: () => printStatus(status),
    reportTo(url, hostBuild) {
      // randomUUID needs a secure context; an id only has to tell this page load from others.
      const pageLoad = `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;
      const reporter = createReporter(url, { pageLoad, hostBuild });
      for (const record of status.records) reporter.add(record);
      for (const vital of Object.values(status.vitals)) reporter.add(vital);
      listeners.push((record) => reporter.add(record));
      flushWhenHidden(reporter);
    },
    watchVitals() {
      void observeVitals((vital) => add({ ...vital, page: window.location.pathname } satisfies VitalRecord));
    },
  };
}
