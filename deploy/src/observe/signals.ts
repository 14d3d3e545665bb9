/**
 * The pages' beacons (host/src/contract/observe/beacon.ts), received on the shop's own origin. A
 * page first asks `POST /rum/page-load` for its token (pageLoadTokens.ts), then posts its beacons
 * to `/rum?t=<token>`. Refusals come before any body is read and in the order of their cost: another
 * site, the client's rate, no valid token, the size. An accepted beacon is validated against its
 * schema and counted (metrics.ts) with labels from closed sets only (route templates, the remotes
 * and builds of the generations served, the reasons' enum); each page load at most once per signal
 * (pageLoads.ts). Nothing of the shopper is kept: the client's address only counts its rates and
 * picks its group.
 */
// Why: docs/operations.md, "Watching production" and its threat model.
import { firstMatching } from '@maison/host/hosting';
import {
  BEACON,
  cohortClaimOf,
  MAX_BEACON_BYTES,
  PAGE_LOAD_PATH,
  SIGNALS_PATH,
  TOKEN_PARAMETER,
  type Beacon,
  type Cohort,
  type ServedRoute,
  type RolloutRecord,
} from '@maison/host/contract';
import { languageOfPath } from '@maison/shared/address';
import * as v from 'valibot';
import type { Reply, ReplyHandler } from '../answer/http.ts';
import { onceBody, typeOf } from '../answer/bodies.ts';
import type { KnownBuilds } from './knownBuilds.ts';
import { perClientRate } from './perClientRate.ts';
import type { RequestContext } from './requestContext.ts';
import { claimsOf, isTester } from '../rollout/cohortChoice.ts';
import { splittingNow } from '../rollout/rolloutRecord.ts';
import type { ServedEnvironment } from '../environment/served.ts';
import type { HostBuildState } from '../builds/hostBuild.ts';
import { knownBuilds } from './knownBuilds.ts';
import { pageLoadTokens, signalsKey, type PageLoadClaim, type PageLoadTokens } from './pageLoadTokens.ts';
import { pageLoadsHeard, type PageLoadsHeard } from './pageLoads.ts';

export const SIGNAL_OUTCOMES = [
  'accepted',
  'cross-site',
  'no-token',
  'forged',
  'expired',
  'rate-limited',
  'too-large',
  'cut-off',
  'invalid',
  'unknown-build',
] as const;
export type SignalOutcome = (typeof SIGNAL_OUTCOMES)[number];
export const TOKEN_OUTCOMES = ['issued', 'cross-site', 'rate-limited'] as const;
export type TokenOutcome = (typeof TOKEN_OUTCOMES)[number];

export interface PageLabels {
  page: string;
  remote: string;
  build: string;
  /** Testers (a build asked for by name, rollout/cohortChoice.ts) are counted apart: a rollout's judgement leaves them out. */
  audience: 'shoppers' | 'testers';
}

/** A running rollout's evidence: by the cohort of the build the page ran, and the client group of the page load. */
export interface RolloutLabels {
  rollout: string;
  cohort: Cohort;
  group: string;
}

/** What the receiver counts, with labels it has checked. */
export interface SignalCounts {
  beacon(outcome: SignalOutcome): void;
  token(outcome: TokenOutcome): void;
  view(labels: PageLabels): void;
  vital(name: 'LCP' | 'INP' | 'CLS', labels: PageLabels, value: number): void;
  load(labels: PageLabels, fallback: boolean): void;
  failure(labels: PageLabels, reason: string): void;
  error(labels: PageLabels): void;
  rollout: {
    /** A page load that came with a cohort of this rollout (the sample-ratio check), not one made to move its shopper. */
    assigned(labels: RolloutLabels): void;
    view(labels: RolloutLabels): void;
    /** A page shown with an error from the rollout's remote. */
    errorView(labels: RolloutLabels): void;
    /** A page load whose module of the rollout's remote did not load (a failure, or a fallback shown). */
    loadFailure(labels: RolloutLabels): void;
    /** Only page loads that ran their own cohort's build and were not made to move their shopper. */
    vital(name: 'LCP' | 'INP', labels: RolloutLabels, seconds: number): void;
  };
}

export interface SignalsOptions {
  routes: () => readonly ServedRoute[];
  known: () => KnownBuilds;
  counts: SignalCounts;
  tokens: PageLoadTokens;
  /** The generation served now, which a token names. */
  generation: () => string | undefined;
  /** The rollout splitting shoppers now, if any. */
  rollout?: () => RolloutRecord | undefined;
  /** A client's beacons: a burst, then so many a second. */
  rate?: { burst: number; perSecond: number };
  /** A client's page-load tokens: a burst, then so many a second. */
  tokenRate?: { burst: number; perSecond: number };
}

/** The defaults: a page sends a beacon or two each time it is hidden, and a whole page load is rarer still. */
export const SIGNAL_RATES = { beacons: { burst: 20, perSecond: 1 }, tokens: { burst: 30, perSecond: 0.2 } } as const;

const reply = (status: number, text = '', extra: Record<string, string> = {}): Reply => ({
  status,
  headers: { 'Cache-Control': 'no-store', ...extra },
  ...(text ? { body: onceBody(text, typeOf(text.startsWith('{') ? '.json' : '.txt')) } : {}),
});

/** Whether another site's page sent it: the browser's own Sec-Fetch-Site, else an Origin that is not this host. */
export function fromAnotherSite(headers: Headers): boolean {
  const site = headers.get('sec-fetch-site');
  if (site !== null) return site !== 'same-origin';
  const origin = headers.get('origin');
  if (origin === null) return false;
  const host = headers.get('x-forwarded-host') ?? headers.get('host');
  try {
    return host === null || new URL(origin).host !== host;
  } catch {
    return true;
  }
}

/** The body as text; 'too-large' once it is longer than `cap` bytes (reading stops there); 'cut-off' when the sender stopped sending. */
async function cappedText(request: Request, cap: number): Promise<string | 'too-large' | 'cut-off'> {
  if (Number(request.headers.get('content-length') ?? 0) > cap) return 'too-large';
  const reader = request.body?.getReader();
  if (!reader) return '';
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > cap) return (await reader.cancel(), 'too-large');
      chunks.push(value);
    }
  } catch {
    return 'cut-off';
  }
  return Buffer.concat(chunks).toString('utf8');
}

const own = <T>(record: Record<string, T>, key: string): T | undefined => (Object.hasOwn(record, key) ? record[key] : undefined);

/** Counts an accepted beacon of the page load `claim` proves; 'unknown-build' when it names a build or remote not served. */
function count(
  beacon: Beacon,
  claim: PageLoadClaim,
  {
    known,
    routes,
    heard,
    counts,
    rollout,
  }: { known: KnownBuilds; routes: readonly ServedRoute[]; heard: PageLoadsHeard; counts: SignalCounts; rollout?: RolloutRecord },
): 'unknown-build' | undefined {
  if (!known.hosts.has(beacon.hostBuild)) return 'unknown-build';
  for (const [remote, build] of Object.entries(beacon.builds)) if (!known.isBuild(remote, build)) return 'unknown-build';
  const audience = claim.tester ? 'testers' : 'shoppers';
  const matched = new Map<string, ServedRoute | undefined>();
  const routeOf = (page: string) => {
    if (!matched.has(page)) matched.set(page, firstMatching(routes, languageOfPath(page).path));
    return matched.get(page);
  };
  const template = (page: string) => routeOf(page)?.path ?? '(none)';
  const buildOf = (remote: string) => (remote === 'host' ? beacon.hostBuild : own(beacon.builds, remote));
  const shows = (page: string, remote: string) =>
    remote === 'host' || ((routeOf(page)?.remotes as readonly string[] | undefined)?.includes(remote) ?? false);
  /** A page's labels: the host's build, and each remote its route shows that this page load runs. */
  const pageLabels = (page: string): PageLabels[] =>
    ['host', ...(routeOf(page)?.remotes ?? [])].flatMap((remote) => {
      const build = buildOf(remote);
      return build ? [{ page: template(page), remote, build, audience }] : [];
    });
  const loadHeard = heard.of(claim.id);
  const first = (key: string, isView = false) => loadHeard.first(key, isView);

  // The running rollout's evidence: a cohort is the build the page ran, a shopper's page load only.
  const splitting = rollout && !claim.tester ? rollout : undefined;
  const cohortOfBuild = (build: string | undefined): Cohort | undefined =>
    !splitting || build === undefined
      ? undefined
      : build === splitting.canaryBuild
        ? 'canary'
        : build === splitting.stableBuild
          ? 'stable'
          : undefined;
  const ran = splitting && cohortOfBuild(buildOf(splitting.remote));
  const labels = (cohort: Cohort) => ({ rollout: splitting!.id, cohort, group: String(claim.group) });
  const assigned = splitting && claim.rollout === splitting.id ? claim.cohort : undefined;
  const comparable = ran !== undefined && ran === assigned && !claim.moved;

  // Every record's build first: a beacon naming anything not served is refused whole, before anything is counted.
  const builds = new Map<Beacon['records'][number], string>();
  for (const record of beacon.records) {
    if (record.kind === 'view' || record.kind === 'vital') continue;
    if (!known.remotes.has(record.remote)) return 'unknown-build';
    // An error thrown before the page heard its module had loaded: the build the page was asked to load first.
    // A fallback, like a failure, counts against the first choice it fell back from.
    const build =
      record.kind === 'error'
        ? (buildOf(record.remote) ?? known.firstBuild(record.remote))
        : record.kind === 'load'
          ? record.fallback
            ? known.firstBuild(record.remote)
            : (record.build ?? undefined)
          : record.url
            ? known.buildAt(record.url)
            : known.firstBuild(record.remote);
    if (!build || (record.kind !== 'error' && !known.isBuild(record.remote, build))) return 'unknown-build';
    builds.set(record, build);
  }

  const counted: Array<() => void> = [];
  if (assigned && !claim.moved && first('assigned')) counted.push(() => counts.rollout.assigned(labels(assigned)));
  // Views first: an error counts only on a page this page load was shown (one per page shown and remote).
  const records = [...beacon.records.filter(({ kind }) => kind === 'view'), ...beacon.records.filter(({ kind }) => kind !== 'view')];
  for (const record of records) {
    const page = template(record.page);
    if (record.kind === 'view' && first(`view ${record.page}`, true)) {
      counted.push(() => pageLabels(record.page).forEach((labels) => counts.view(labels)));
      if (ran && shows(record.page, splitting!.remote)) counted.push(() => counts.rollout.view(labels(ran)));
    }
    if (record.kind === 'vital' && first(`vital ${record.name}`)) {
      counted.push(() => pageLabels(record.page).forEach((labels) => counts.vital(record.name, labels, record.value)));
      if (comparable && record.name !== 'CLS' && shows(record.page, splitting!.remote))
        counted.push(() => counts.rollout.vital(record.name as 'LCP' | 'INP', labels(ran), record.value / 1000));
    }
    if (record.kind === 'error') {
      const build = builds.get(record)!;
      if (!loadHeard.has(`view ${record.page}`) || !first(`error ${record.page} ${record.remote}`)) continue;
      counted.push(() => counts.error({ page, remote: record.remote, build, audience }));
      const cohort = record.remote === splitting?.remote ? cohortOfBuild(build) : undefined;
      if (cohort) counted.push(() => counts.rollout.errorView(labels(cohort)));
    }
    if (record.kind === 'load' || record.kind === 'failure') {
      const build = builds.get(record)!;
      const failed = record.kind === 'failure' || record.fallback;
      const key =
        record.kind === 'load' ? `load ${record.remote} ${build} ${record.fallback}` : `failure ${record.remote} ${record.reason}`;
      if (!first(key)) continue;
      const pageLabel = { page, remote: record.remote, build, audience } as const;
      counted.push(() => (record.kind === 'load' ? counts.load(pageLabel, record.fallback) : counts.failure(pageLabel, record.reason)));
      const cohort = failed && record.remote === splitting?.remote ? cohortOfBuild(build) : undefined;
      if (cohort && first(`failed ${record.remote}`)) counted.push(() => counts.rollout.loadFailure(labels(cohort)));
    }
  }
  for (const counting of counted) counting();
  return undefined;
}

/** The receiver in front of an answerer's rules: `POST PAGE_LOAD_PATH` and `POST SIGNALS_PATH`, and nothing else. */
export function signals(next: ReplyHandler, options: SignalsOptions): ReplyHandler {
  const { routes, known, counts, tokens, generation, rollout = () => undefined } = options;
  const beaconsAllowed = perClientRate(options.rate ?? SIGNAL_RATES.beacons);
  const tokensAllowed = perClientRate(options.tokenRate ?? SIGNAL_RATES.tokens);
  const heard = pageLoadsHeard();

  const issue = (request: Request, url: URL, client: string): Reply => {
    const refuse = (outcome: TokenOutcome, status: number, text: string, extra?: Record<string, string>) => {
      counts.token(outcome);
      return reply(status, text, extra);
    };
    if (fromAnotherSite(request.headers)) return refuse('cross-site', 403, 'Not from this shop\n');
    if (!tokensAllowed(client)) return refuse('rate-limited', 429, 'Too many page loads\n', { 'Retry-After': '10' });
    // The cohort the page load came with: the page says it, as its cookie did when the page was asked for.
    const claimed = cohortClaimOf(url.searchParams.get('cohort'));
    const { token } = tokens.issue({
      generation: generation() ?? 'none',
      group: tokens.groupOf(client),
      ...(claimed ? { rollout: claimed.rollout, cohort: claimed.cohort } : {}),
      tester: isTester(claimsOf(request.headers)),
      moved: url.searchParams.get('moved') === '1',
    });
    counts.token('issued');
    return reply(200, `${JSON.stringify({ token })}\n`);
  };

  const receive = async (request: Request, url: URL, client: string): Promise<Reply> => {
    const refuse = (outcome: SignalOutcome, status: number, text: string, extra?: Record<string, string>) => {
      counts.beacon(outcome);
      return reply(status, text, extra);
    };
    if (fromAnotherSite(request.headers)) return refuse('cross-site', 403, 'Not from this shop\n');
    if (!beaconsAllowed(client)) return refuse('rate-limited', 429, 'Too many reports\n', { 'Retry-After': '1' });
    const claim = tokens.check(url.searchParams.get(TOKEN_PARAMETER));
    if (claim === 'malformed') return refuse('no-token', 403, 'No page load of this shop\n');
    if (claim === 'forged' || claim === 'expired') return refuse(claim, 403, 'No page load of this shop\n');
    const text = await cappedText(request, MAX_BEACON_BYTES);
    if (text === 'too-large') return refuse('too-large', 413, 'Report too large\n');
    if (text === 'cut-off') return refuse('cut-off', 400, 'Report cut off\n');
    let raw: unknown;
    try {
      raw = JSON.parse(text);
    } catch {
      return refuse('invalid', 400, 'Not a report\n');
    }
    const parsed = v.safeParse(BEACON, raw);
    if (!parsed.success) return refuse('invalid', 400, 'Not a report\n');
    const problem = count(parsed.output, claim, { known: known(), routes: routes(), heard, counts, rollout: rollout() });
    if (problem) return refuse(problem, 422, 'A build this shop does not serve\n');
    counts.beacon('accepted');
    return reply(204);
  };

  return async (request: Request, url: URL, context: RequestContext) => {
    const isIssue = url.pathname === PAGE_LOAD_PATH;
    if ((!isIssue && url.pathname !== SIGNALS_PATH) || request.method !== 'POST') return next(request, url, context);
    context.served = { route: url.pathname, servedAs: 'signals' };
    const client = context.client ?? 'unknown';
    return isIssue ? issue(request, url, client) : receive(request, url, client);
  };
}

const NOT_COUNTED: SignalCounts = {
  beacon() {},
  token() {},
  view() {},
  vital() {},
  load() {},
  failure() {},
  error() {},
  rollout: { assigned() {}, view() {}, errorView() {}, loadFailure() {}, vital() {} },
};

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
    tokens: pageLoadTokens(signalsKey(environment.env)),
    generation: () => environment.now().generation?.id,
    rollout: () => {
      const { generation, rollout } = environment.now();
      return splittingNow(generation, rollout);
    },
  };
}
