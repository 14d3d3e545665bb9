/**
 * What an accepted beacon counts (signals.ts receives it): every label from a closed set, each page
 * load at most once per signal (pageLoads.ts), a shopper's evidence per client group for the alert
 * rules, and the running rollout's by the cohort of the build the page ran.
 */
// Why: docs/operations.md, "Watching production" and "Ship a remote gradually".
import { firstMatching } from '@maison/host/hosting';
import { languageOfPath } from '@maison/shared/address';
import type { KnownBuilds } from './knownBuilds.ts';
import type { PageLoadClaim } from './pageLoadTokens.ts';
import type { PageLoadHeard, PageLoadsHeard } from './pageLoads.ts';
import type { Beacon, Cohort, RolloutRecord, ServedRoute, Signal } from '@maison/host/contract';

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
  /** Testers (a build asked for by name, answer/cohortChoice.ts) are counted apart: a rollout's judgement leaves them out. */
  audience: 'shoppers' | 'testers';
}

/** A running rollout's evidence: by the cohort of the build the page ran, and the client group of the page load. */
export interface RolloutLabels {
  rollout: string;
  cohort: Cohort;
  group: string;
}

export interface GroupLabels {
  remote: string;
  build: string;
  group: string;
}

export type LcpRating = 'good' | 'needs-improvement' | 'poor';
/** Web Vitals' own bounds: good up to 2.5 s, poor past 4 s. */
export const lcpRating = (milliseconds: number): LcpRating =>
  milliseconds <= 2500 ? 'good' : milliseconds <= 4000 ? 'needs-improvement' : 'poor';

/** What the receiver counts, with labels it has checked. */
export interface SignalCounts {
  beacon(outcome: SignalOutcome): void;
  token(outcome: TokenOutcome): void;
  view(labels: PageLabels): void;
  vital(name: 'LCP' | 'INP' | 'CLS', labels: PageLabels, value: number): void;
  load(labels: PageLabels, fallback: boolean): void;
  failure(labels: PageLabels, reason: string): void;
  error(labels: PageLabels): void;
  /** Shoppers' evidence per client group, whatever rollout runs: what the alert rules read, leaving out the group that carries the most. */
  groups: {
    view(labels: GroupLabels): void;
    errorView(labels: GroupLabels): void;
    loadFailure(labels: GroupLabels): void;
    /** A page load's LCP by its Web Vitals rating, under the template of the page it opened. */
    lcp(labels: { page: string; rating: LcpRating; group: string }): void;
  };
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

const own = <T>(record: Record<string, T>, key: string): T | undefined => (Object.hasOwn(record, key) ? record[key] : undefined);

/** Each record's build (the one it counts against), or 'unknown-build' when the beacon names a remote or build not served. */
function recordBuilds(beacon: Beacon, known: KnownBuilds): Map<Signal, string> | 'unknown-build' {
  if (!known.hosts.has(beacon.hostBuild)) return 'unknown-build';
  for (const [remote, build] of Object.entries(beacon.builds)) if (!known.isBuild(remote, build)) return 'unknown-build';
  const builds = new Map<Signal, string>();
  for (const record of beacon.records) {
    if (record.kind === 'view' || record.kind === 'vital') continue;
    if (!known.remotes.has(record.remote)) return 'unknown-build';
    // An error thrown before the page heard its module had loaded: the build the page was asked to load first.
    // A fallback, like a failure, counts against the first choice it fell back from.
    const build =
      record.kind === 'error'
        ? (own(beacon.builds, record.remote) ?? (record.remote === 'host' ? beacon.hostBuild : known.firstBuild(record.remote)))
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
  return builds;
}

/** A page load's pages: route templates, and the labels of each build a page runs. */
function pagesOf(beacon: Beacon, routes: readonly ServedRoute[], audience: PageLabels['audience']) {
  const matched = new Map<string, ServedRoute | undefined>();
  const routeOf = (page: string) => {
    if (!matched.has(page)) matched.set(page, firstMatching(routes, languageOfPath(page).path));
    return matched.get(page);
  };
  const template = (page: string) => routeOf(page)?.path ?? '(none)';
  const buildOf = (remote: string) => (remote === 'host' ? beacon.hostBuild : own(beacon.builds, remote));
  return {
    template,
    buildOf,
    shows: (page: string, remote: string) =>
      remote === 'host' || ((routeOf(page)?.remotes as readonly string[] | undefined)?.includes(remote) ?? false),
    /** A page's labels: the host's build, and each remote its route shows that this page load runs. */
    labels: (page: string): PageLabels[] =>
      ['host', ...(routeOf(page)?.remotes ?? [])].flatMap((remote) => {
        const build = buildOf(remote);
        return build ? [{ page: template(page), remote, build, audience }] : [];
      }),
  };
}

/** The running rollout as this page load sees it: the cohort of the build it ran, the one it came with, and whether its vitals compare. */
function rolloutOf(claim: PageLoadClaim, rollout: RolloutRecord | undefined, buildOf: (remote: string) => string | undefined) {
  const splitting = rollout && !claim.tester ? rollout : undefined;
  if (!splitting) return undefined;
  const cohortOf = (build: string | undefined): Cohort | undefined =>
    build === splitting.canaryBuild ? 'canary' : build === splitting.stableBuild ? 'stable' : undefined;
  const ran = cohortOf(buildOf(splitting.remote));
  const assigned = claim.rollout === splitting.id ? claim.cohort : undefined;
  return {
    remote: splitting.remote,
    cohortOf,
    ran,
    assigned: claim.moved ? undefined : assigned,
    comparable: ran !== undefined && ran === assigned && !claim.moved,
    labels: (cohort: Cohort): RolloutLabels => ({ rollout: splitting.id, cohort, group: String(claim.group) }),
  };
}

/** Counts an accepted beacon of the page load `claim` proves; 'unknown-build' (nothing counted) when it names a build or remote not served. */
export function countBeacon(
  beacon: Beacon,
  claim: PageLoadClaim,
  context: { known: KnownBuilds; routes: readonly ServedRoute[]; heard: PageLoadsHeard; counts: SignalCounts; rollout?: RolloutRecord },
): 'unknown-build' | undefined {
  const builds = recordBuilds(beacon, context.known);
  if (builds === 'unknown-build') return builds;
  const pages = pagesOf(beacon, context.routes, claim.tester ? 'testers' : 'shoppers');
  const rollout = rolloutOf(claim, context.rollout, pages.buildOf);
  const heard = context.heard.of(claim.id);
  const counting = { pages, rollout, heard, counts: context.counts, shopper: !claim.tester, group: String(claim.group), builds };
  if (rollout?.assigned && heard.first('assigned')) context.counts.rollout.assigned(rollout.labels(rollout.assigned));
  // Views first: an error counts only on a page this page load was shown (one per page shown and remote).
  for (const record of beacon.records) if (record.kind === 'view') countView(record.page, counting);
  for (const record of beacon.records) {
    if (record.kind === 'vital') countVital(record, counting);
    if (record.kind === 'error') countError(record, counting);
    if (record.kind === 'load' || record.kind === 'failure') countLoad(record, counting);
  }
  return undefined;
}

interface Counting {
  pages: ReturnType<typeof pagesOf>;
  rollout: ReturnType<typeof rolloutOf>;
  heard: PageLoadHeard;
  counts: SignalCounts;
  shopper: boolean;
  group: string;
  builds: Map<Signal, string>;
}

function countView(page: string, { pages, rollout, heard, counts, shopper, group }: Counting) {
  if (!heard.first(`view ${page}`, true)) return;
  for (const labels of pages.labels(page)) {
    counts.view(labels);
    if (shopper) counts.groups.view({ remote: labels.remote, build: labels.build, group });
  }
  if (rollout?.ran && pages.shows(page, rollout.remote)) counts.rollout.view(rollout.labels(rollout.ran));
}

function countVital(record: Extract<Signal, { kind: 'vital' }>, { pages, rollout, heard, counts, shopper, group }: Counting) {
  if (!heard.first(`vital ${record.name}`)) return;
  for (const labels of pages.labels(record.page)) counts.vital(record.name, labels, record.value);
  if (shopper && record.name === 'LCP') counts.groups.lcp({ page: pages.template(record.page), rating: lcpRating(record.value), group });
  if (rollout?.comparable && record.name !== 'CLS' && pages.shows(record.page, rollout.remote))
    counts.rollout.vital(record.name, rollout.labels(rollout.ran!), record.value / 1000);
}

function countError(record: Extract<Signal, { kind: 'error' }>, { pages, rollout, heard, counts, shopper, group, builds }: Counting) {
  if (!heard.has(`view ${record.page}`) || !heard.first(`error ${record.page} ${record.remote}`)) return;
  const build = builds.get(record)!;
  counts.error({ page: pages.template(record.page), remote: record.remote, build, audience: shopper ? 'shoppers' : 'testers' });
  if (shopper) counts.groups.errorView({ remote: record.remote, build, group });
  const cohort = record.remote === rollout?.remote ? rollout.cohortOf(build) : undefined;
  if (cohort) counts.rollout.errorView(rollout!.labels(cohort));
}

function countLoad(
  record: Extract<Signal, { kind: 'load' | 'failure' }>,
  { pages, rollout, heard, counts, shopper, group, builds }: Counting,
) {
  const build = builds.get(record)!;
  const key = record.kind === 'load' ? `load ${record.remote} ${build} ${record.fallback}` : `failure ${record.remote} ${record.reason}`;
  if (!heard.first(key)) return;
  const labels = { page: pages.template(record.page), remote: record.remote, build, audience: shopper ? 'shoppers' : 'testers' } as const;
  if (record.kind === 'load') counts.load(labels, record.fallback);
  else counts.failure(labels, record.reason);
  if (record.kind === 'load' && !record.fallback) return;
  if (shopper && heard.first(`failed group ${record.remote}`)) counts.groups.loadFailure({ remote: record.remote, build, group });
  const cohort = record.remote === rollout?.remote ? rollout.cohortOf(build) : undefined;
  if (cohort && heard.first(`failed ${record.remote}`)) counts.rollout.loadFailure(rollout!.labels(cohort));
}
