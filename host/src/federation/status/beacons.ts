import type { Beacon, Signal } from '../../contract/observe/beacon';
import { MAX_BEACON_BYTES, MAX_RECORDS, SIGNALS_PATH, TOKEN_PARAMETER } from '../../contract/observe/beaconLimits';

// Sends the page load's records to the shop's own origin, in as few beacons as fit `MAX_BEACON_BYTES`.
// Why: docs/decisions/federation-runtime.md#beacons

/** What every beacon of a page load repeats. */
export type BeaconHead = Omit<Beacon, 'records'>;

const bytes = (text: string) => new TextEncoder().encode(text).length;

/** The beacons' bodies (JSON), in order; a record too big for a beacon alone is left out. */
export function beaconBodies(records: readonly Signal[], head: BeaconHead, maxBytes = MAX_BEACON_BYTES): string[] {
  const empty = bytes(JSON.stringify({ ...head, records: [] }));
  const bodies: string[] = [];
  let batch: Signal[] = [];
  let size = empty;
  const close = () => {
    if (batch.length > 0) bodies.push(JSON.stringify({ ...head, records: batch }));
    batch = [];
    size = empty;
  };
  for (const record of records) {
    const own = bytes(JSON.stringify(record));
    if (empty + own > maxBytes) continue;
    // A record after the first is one comma more.
    if (batch.length === MAX_RECORDS || size + own + (batch.length > 0 ? 1 : 0) > maxBytes) close();
    size += own + (batch.length > 0 ? 1 : 0);
    batch.push(record);
  }
  close();
  return bodies;
}

/** Where a page load's beacons go: the receiver, with the page load's token. */
export const beaconUrl = (token: string) => `${SIGNALS_PATH}?${TOKEN_PARAMETER}=${encodeURIComponent(token)}`;

/** One beacon: sendBeacon (a text/plain body, no preflight), or a keepalive fetch where there is none or it refuses. */
export function sendBeaconBody(body: string, url: string): void {
  try {
    if (typeof navigator.sendBeacon === 'function' && navigator.sendBeacon(url, body)) return;
  } catch {
    // A browser that throws instead of refusing: the fetch below stands in.
  }
  try {
    const headers = { 'content-type': 'text/plain;charset=UTF-8' };
    void fetch(url, { method: 'POST', body, keepalive: true, headers, credentials: 'same-origin' }).catch(() => undefined);
  } catch {
    // Nothing the shopper should ever see.
  }
}

export function sendBeacons(records: readonly Signal[], head: BeaconHead, token: string): void {
  for (const body of beaconBodies(records, head)) sendBeaconBody(body, beaconUrl(token));
}

/** Calls `onHidden` each time the page is hidden or left, until `signal` aborts. */
// Why: docs/decisions/federation-runtime.md#beacons
export function whenHidden(onHidden: () => void, target: Window = window, signal?: AbortSignal): void {
  target.document.addEventListener('visibilitychange', () => target.document.visibilityState === 'hidden' && onHidden(), { signal });
  target.addEventListener('pagehide', onHidden, { signal });
}
