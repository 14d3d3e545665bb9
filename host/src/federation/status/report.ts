import type { StatusRecord } from './loadRecords';

/**
 * Reports for an environment that asks for them (remotes.json `reportUrl`): what each remote
 * cost this page load and how it failed, sent with navigator.sendBeacon when the page is hidden
 * or left, in as few beacons as fit the browser's limit. Without a report URL none of this runs.
 */
export interface ReportContext {
  /** One id per page load, so a collector can group its records. */
  pageLoad: string;
  hostBuild: string;
}

/** sendBeacon's payload limit is 64 KiB per page; batches stay well under it. */
const MAX_BATCH_BYTES = 32_000;

/**
 * The records as beacon bodies: JSON text (a CORS-safelisted text/plain beacon, no preflight),
 * each `{ pageLoad, hostBuild, records }` under `maxBytes`. A record too big for any batch alone
 * is dropped rather than sent broken.
 */
export function reportBatches(records: readonly StatusRecord[], context: ReportContext, maxBytes = MAX_BATCH_BYTES): string[] {
  const batches: string[] = [];
  let current: StatusRecord[] = [];
  const body = (list: StatusRecord[]) => JSON.stringify({ ...context, records: list });
  for (const record of records) {
    if (new TextEncoder().encode(body([record])).length > maxBytes) continue;
    if (current.length > 0 && new TextEncoder().encode(body([...current, record])).length > maxBytes) {
      batches.push(body(current));
      current = [];
    }
    current.push(record);
  }
  if (current.length > 0) batches.push(body(current));
  return batches;
}

export interface Reporter {
  add(record: StatusRecord): void;
  /** Sends what was added since the last flush; a vital is sent with its latest value only. */
  flush(): void;
}

export function createReporter(
  url: string,
  context: ReportContext,
  send: (url: string, body: string) => boolean = (to, body) => navigator.sendBeacon(to, body),
): Reporter {
  let pending: StatusRecord[] = [];
  return {
    add(record) {
      pending =
        record.kind === 'vital'
          ? [...pending.filter((old) => !(old.kind === 'vital' && old.name === record.name)), record]
          : [...pending, record];
    },
    flush() {
      if (pending.length === 0) return;
      for (const batch of reportBatches(pending, context)) send(url, batch);
      pending = [];
    },
  };
}

/** Flushes when the page is hidden (the last moment a mobile browser promises) or left. */
export function flushWhenHidden(reporter: Reporter, target: Window = window): void {
  target.document.addEventListener('visibilitychange', () => {
    if (target.document.visibilityState === 'hidden') reporter.flush();
  });
  target.addEventListener('pagehide', () => reporter.flush());
}
