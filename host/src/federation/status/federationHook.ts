import { BUILD_INFO } from '../buildInfo';
import type { FederationEvent, RemoteRecords } from '../core/remoteRecords';
import type { FailureRecord, LoadRecord, VitalRecord } from './pageStatus';

/** `window.__MAISON_FEDERATION__`, for on-call (`print()` in the console) and the browser tests. */
// Why: docs/decisions/federation-runtime.md#status-chunk
export type FederationStatus = FederationHook['status'];

export type PageEvent = { event: FederationEvent; page: string };

export type FederationHook = ReturnType<typeof createFederationHook>;

export function createFederationHook(records: RemoteRecords, print: () => void, page: () => string = () => window.location.pathname) {
  // Until the status chunk listens, events wait here with their page (a few per page shown).
  let waiting: PageEvent[] = [];
  let listener: (pageEvent: PageEvent) => void = (pageEvent) => waiting.push(pageEvent);
  records.listen((event) => listener({ event, page: page() }));
  const status = {
    host: { buildVersion: BUILD_INFO.version, sharedContract: BUILD_INFO.sharedContract },
    get configProblems() {
      return records.configProblems;
    },
    remotes: records.remotes,
    /** Every module load and failure of this page load, in order. */
    records: [] as Array<LoadRecord | FailureRecord>,
    vitals: {} as Partial<Record<VitalRecord['name'], VitalRecord>>,
    /** When the idle prefetch of other pages began (ms since the page started), if it has. */
    idlePrefetchAt: null as number | null,
    /** Prints the remotes, the loads and the vitals as tables (once the status chunk is in). */
    print,
  };
  return {
    status,
    /** Hands `taking` every event so far, then each new one (the status chunk takes over). */
    takeEvents(taking: (pageEvent: PageEvent) => void) {
      for (const pageEvent of waiting) taking(pageEvent);
      waiting = [];
      listener = taking;
    },
  };
}
