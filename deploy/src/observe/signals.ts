/**
 * The pages' beacons (host/src/contract/observe/beacon.ts), received on the shop's own origin:
 * `POST /rum` on the host. Each is read within a size cap and a per-client rate, validated against
 * the beacon's schema, and counted per page template and per remote build (metrics.ts). Only
 * builds of the generations being served are accepted as labels; anything else is refused and
 * counted as refused. Nothing of the shopper is kept: the client's address only counts its rate.
 */
import { firstMatching } from '@maison/host/hosting';
import { BEACON, MAX_BEACON_BYTES, SIGNALS_PATH, type Beacon, type Cohort, type ServedRoute } from '@maison/host/contract';
import { languageOfPath } from '@maison/shared/address';
import * as v from 'valibot';
import type { Reply, ReplyHandler } from '../answer/http.ts';
import { onceBody, typeOf } from '../answer/bodies.ts';
import type { KnownBuilds } from './knownBuilds.ts';
import { perClientRate } from './perClientRate.ts';
import type { RequestContext } from './requestContext.ts';
import { assignedCohort, claimsOf, isTester } from '../rollout/cohortChoice.ts';
import { splittingNow, type RolloutRecord } from '../rollout/rolloutRecord.ts';
import type { ServedEnvironment } from '../environment/served.ts';
import type { HostBuildState } from '../builds/hostBuild.ts';
import { knownBuilds } from './knownBuilds.ts';

export type SignalOutcome = 'accepted' | 'too-large' | 'rate-limited' | 'invalid' | 'unknown-build';

/** What the receiver counts, with labels it has checked. */
export interface SignalCounts {
  beacon(outcome: SignalOutcome): void;
  view(labels: PageLabels): void;
  vital(name: 'LCP' | 'INP' | 'CLS', labels: PageLabels, value: number): void;
  load(labels: PageLabels, fallback: boolean): void;
  failure(labels: PageLabels, reason: string): void;
  error(labels: PageLabels): void;
  /** Pages shown to shoppers a rollout assigned to a cohort (its sample-ratio check). */
  assigned(rollout: string, cohort: Cohort, views: number): void;
}

export interface PageLabels {
  page: string;
  remote: string;
  build: string;
  /** Testers (a build asked for by name, rollout/cohortChoice.ts) are counted apart: a rollout's judgement leaves them out. */
  audience: 'shoppers' | 'testers';
}

export interface SignalsOptions {
  routes: () => readonly ServedRoute[];
  known: () => KnownBuilds;
  counts: SignalCounts;
  /** The rollout splitting shoppers now, if any. */
  rollout?: () => RolloutRecord | undefined;
  /** A client's beacons: a burst, then so many a second (default 20, then 1 a second). */
  rate?: { burst: number; perSecond: number };
}

const reply = (status: number, text = '', extra: Record<string, string> = {}): Reply => ({
  status,
  headers: { 'Cache-Control': 'no-store', ...extra },
  ...(text ? { body: onceBody(text, typeOf('.txt')) } : {}),
});

/** The body as text, or undefined once it is longer than `cap` bytes (reading stops there). */
async function cappedText(request: Request, cap: number): Promise<string | undefined> {
  if (Number(request.headers.get('content-length') ?? 0) > cap) return undefined;
  const reader = request.body?.getReader();
  if (!reader) return '';
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > cap) return void (await reader.cancel());
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** The beacon's records as counts, or 'unknown-build' when it names a build that is not served. */
function countsOf(
  beacon: Beacon,
  known: KnownBuilds,
  routes: readonly ServedRoute[],
  audience: PageLabels['audience'],
): Array<(counts: SignalCounts) => void> | 'unknown-build' {
  if (!known.hosts.has(beacon.hostBuild)) return 'unknown-build';
  for (const [remote, build] of Object.entries(beacon.builds)) if (!known.isBuild(remote, build)) return 'unknown-build';
  const template = (page: string) => firstMatching(routes, languageOfPath(page).path)?.path ?? '(none)';
  const buildOf = (remote: string) => (remote === 'host' ? beacon.hostBuild : beacon.builds[remote]);
  /** A page's labels: the host's build, and each remote its route shows that this page load runs. */
  const pageLabels = (page: string): PageLabels[] => {
    const route = firstMatching(routes, languageOfPath(page).path);
    const remotes = ['host', ...(route?.remotes ?? [])];
    return remotes.flatMap((remote) => {
      const build = buildOf(remote);
      return build ? [{ page: template(page), remote, build, audience }] : [];
    });
  };
  const counted: Array<(counts: SignalCounts) => void> = [];
  for (const record of beacon.records) {
    const page = template(record.page);
    if (record.kind === 'view') counted.push((counts) => pageLabels(record.page).forEach((labels) => counts.view(labels)));
    if (record.kind === 'vital')
      counted.push((counts) => pageLabels(record.page).forEach((labels) => counts.vital(record.name, labels, record.value)));
    if (record.kind === 'error') {
      // Thrown before the page heard its module had loaded: the build the page was asked to load first.
      const build = buildOf(record.remote) ?? known.firstBuild(record.remote);
      if (build === undefined) return 'unknown-build';
      counted.push((counts) => counts.error({ page, remote: record.remote, build, audience }));
    }
    if (record.kind === 'load') {
      // A fallback counts against the first choice it fell back from.
      const build = record.fallback ? known.firstBuild(record.remote) : record.build;
      if (!build || !known.isBuild(record.remote, build)) return 'unknown-build';
      counted.push((counts) => counts.load({ page, remote: record.remote, build, audience }, record.fallback));
    }
    if (record.kind === 'failure') {
      const build = record.url ? known.buildAt(record.url) : known.firstBuild(record.remote);
      if (!build) return 'unknown-build';
      counted.push((counts) => counts.failure({ page, remote: record.remote, build, audience }, record.reason));
    }
  }
  return counted;
}

/** The receiver in front of an answerer's rules: `POST SIGNALS_PATH`, and nothing else. */
export function signals(
  next: ReplyHandler,
  { routes, known, counts, rollout = () => undefined, rate = { burst: 20, perSecond: 1 } }: SignalsOptions,
): ReplyHandler {
  const allowed = perClientRate(rate);
  return async (request: Request, url: URL, context: RequestContext) => {
    if (url.pathname !== SIGNALS_PATH || request.method !== 'POST') return next(request, url, context);
    context.served = { route: SIGNALS_PATH, servedAs: 'signals' };
    const refuse = (outcome: SignalOutcome, status: number, text: string, extra?: Record<string, string>) => {
      counts.beacon(outcome);
      return reply(status, text, extra);
    };
    if (!allowed(context.client ?? 'unknown')) return refuse('rate-limited', 429, 'Too many reports\n', { 'Retry-After': '1' });
    const text = await cappedText(request, MAX_BEACON_BYTES);
    if (text === undefined) return refuse('too-large', 413, 'Report too large\n');
    let raw: unknown;
    try {
      raw = JSON.parse(text);
    } catch {
      return refuse('invalid', 400, 'Not a report\n');
    }
    const parsed = v.safeParse(BEACON, raw);
    if (!parsed.success) return refuse('invalid', 400, 'Not a report\n');
    // The page's cookies say whether a tester sent it, and the cohort a rollout assigned its shopper.
    const claims = claimsOf(request.headers);
    const counted = countsOf(parsed.output, known(), routes(), isTester(claims) ? 'testers' : 'shoppers');
    if (counted === 'unknown-build') return refuse('unknown-build', 422, 'A build this shop does not serve\n');
    for (const count of counted) count(counts);
    const splitting = rollout();
    const cohort = assignedCohort(claims, splitting);
    const views = parsed.output.records.filter((record) => record.kind === 'view').length;
    if (splitting && cohort && !isTester(claims) && views > 0) counts.assigned(splitting.id, cohort, views);
    counts.beacon('accepted');
    return reply(204);
  };
}

const NOT_COUNTED: SignalCounts = { beacon() {}, view() {}, vital() {}, load() {}, failure() {}, error() {}, assigned() {} };

/** The host's receiver: the routes of its build, the builds and rollout of what it serves, counted in `metrics` (if any). */
export function beaconReceiver(
  environment: ServedEnvironment,
  build: { now(): HostBuildState },
  metrics?: { signals: SignalCounts },
): SignalsOptions {
  return {
    routes: () => build.now().build?.routes ?? [],
    known: knownBuilds(() => environment.now().generation),
    counts: metrics?.signals ?? NOT_COUNTED,
    rollout: () => {
      const { generation, rollout } = environment.now();
      return splittingNow(generation, rollout);
    },
  };
}
