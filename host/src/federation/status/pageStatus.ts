import type { RemoteName } from '@maison/shared';
import type { Signal } from '../../contract/observe/beacon';
import { MAX_MEASURE, MAX_PAGE } from '../../contract/observe/beaconLimits';
import { AREA_ATTRIBUTE, type LoadableModuleId } from '../moduleIds';
import { whenHidden } from './beacons';
import type { FederationHook, FederationStatus, PageEvent } from './federationHook';
import type { PageSignals } from './pageSignals';
import type { RemoteRecord } from '../core/remoteRecords';

/** A record is its beacon signal (`page`: the path when the module was asked for) and what only the console shows. */
type SignalOf<Kind extends Signal['kind']> = Extract<Signal, { kind: Kind }>;
type ModuleOf = { remote: RemoteName; module: LoadableModuleId };

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

type Timing = ReturnType<typeof timingOf>;
/** One remote module loaded for this page: which build served it and what its files cost (`total`: from asked to in hand). */
export type LoadRecord = SignalOf<'load'> &
  ModuleOf & { url: string; manifest: Timing; entry: Timing; chunks: NonNullable<Timing>[]; total: number };

/** A core event as a load or failure record, if it is one. */
export function loadRecord(
  { event, page }: PageEvent,
  entries: readonly PerformanceEntry[] = performance.getEntriesByType('resource'),
): LoadRecord | FailureRecord | undefined {
  switch (event.type) {
    case 'loaded': {
      const [entryUrl, ...chunkUrls] = event.files;
      return {
        kind: 'load',
        page,
        remote: event.remote,
        module: event.module,
        url: event.url,
        build: event.buildVersion ?? null,
        fallback: event.entry > 0,
        manifest: timingOf(event.url, entries),
        entry: entryUrl ? timingOf(entryUrl, entries) : undefined,
        chunks: chunkUrls.flatMap((url) => timingOf(url, entries) ?? []),
        total: Math.round(event.at - event.startedAt),
      };
    }
    case 'failed': {
      const { url = null, reason, message } = event.failure;
      return { kind: 'failure', page, remote: event.remote, module: event.module, url, reason, error: message };
    }
    default:
      return undefined;
  }
}

/** The area that holds a node: the remote module id of the nearest remote area around it, or 'host'. */
export function areaOf(node: Node): string {
  const element = node instanceof Element ? node : node.parentElement;
  return element?.closest(`[${AREA_ATTRIBUTE}]`)?.getAttribute(AREA_ATTRIBUTE) ?? 'host';
}

/** The remote an area belongs to (`catalog` for `catalog/ProductListPage`), or 'host'. */
export const remoteOfArea = (area: string) => area.split('/')[0]!;

/** Reports each new LCP, INP and CLS value with the area holding its element ('unknown' once gone). */
export async function observeVitals(onVital: (record: Omit<VitalRecord, 'page'>) => void): Promise<void> {
  const { onLCP, onINP, onCLS } = await import(/* webpackChunkName: "web-vitals" */ 'web-vitals/attribution');
  const options = { reportAllChanges: true, generateTarget: (node: Node | null) => (node ? areaOf(node) : undefined) };
  const report = (name: VitalRecord['name'], { value, rating }: Pick<VitalRecord, 'value' | 'rating'>, target?: string, scale = 1) => {
    const area = target && (target === 'host' || target.includes('/')) ? target : 'unknown';
    onVital({ kind: 'vital', name, value: Math.round(value * scale) / scale, rating, area, remote: remoteOfArea(area) });
  };
  onLCP((metric) => report('LCP', metric, metric.attribution.target), options);
  onINP((metric) => report('INP', metric, metric.attribution.interactionTarget), options);
  // A score, mostly well below 1: whole milliseconds would make it 0.
  onCLS((metric) => report('CLS', metric, metric.attribution.largestShiftTarget, 10_000), options);
}

/** A vital as a beacon carries it (no area, no rating), or nothing for a value the answerer would refuse. */
export function vitalSignal({ page, name, value }: VitalRecord): Signal | undefined {
  if (!Number.isFinite(value) || value < 0 || value > MAX_MEASURE) return undefined;
  return { kind: 'vital', page: page.slice(0, MAX_PAGE), name, value };
}

/** The status chunk: takes over the hook's events and the signals' sending, and adds the vitals. */
// Why: docs/decisions/federation-runtime.md#status-chunk
export type PageStatus = ReturnType<typeof startPageStatus>;

export function startPageStatus({ status, takeEvents }: FederationHook, signals: PageSignals, target: Window = window) {
  takeEvents((pageEvent) => {
    const record = loadRecord(pageEvent);
    if (record) status.records.push(record);
  });

  let queued: Signal[] = [];
  let vitalsSent = signals.take((record) => queued.push(record));
  const flush = () => {
    if (!vitalsSent) queued.push(...Object.values(status.vitals).flatMap((vital) => vitalSignal(vital) ?? []));
    vitalsSent = true;
    signals.send(queued);
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

/** `__MAISON_FEDERATION__.print()`: the remotes (their records, failures as reasons), this page load's module loads and its vitals, as three console tables. */
function printStatus(status: FederationStatus): void {
  const reasons = (remote: RemoteRecord) => remote.failures.map(({ reason }) => reason).join(', ');
  console.table(
    Object.fromEntries(Object.entries(status.remotes).map(([name, remote]) => [name, { ...remote, failures: reasons(remote) }])),
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
