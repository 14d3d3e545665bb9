/**
 * The judge over client groups: no one client decides a step. Page loads fall into groups by a
 * keyed hash of their client (answer/beacons/pageLoadTokens.ts), so one client is always in one group. A
 * signal harms only when it still does without the group that shows the most views and without the
 * group that carries the most of the signal's canary events; the sample-ratio check leaves out the
 * group with the most page loads; the step's own verdict leaves out the group with the most views.
 * What is left must come from enough groups, and no other group may dominate it, or the judge holds.
 */
// Why: docs/operations.md, "Ship a remote gradually" (what it takes to move a verdict).
import { judge, type CohortFigures, type JudgePolicy, type StepState, type Verdict, DEFAULT_POLICY } from './judge.ts';
import type { Bucket } from './statistics.ts';

export interface GroupFigures {
  group: string;
  canary: CohortFigures;
  stable: CohortFigures;
}

export interface SpreadPolicy {
  /** Groups a deciding signal, and each cohort's views, must come from. */
  minGroups: number;
  /** The most of a cohort's views one group may carry once the largest is left out. */
  maxGroupShare: number;
}

export const DEFAULT_SPREAD: SpreadPolicy = { minGroups: 3, maxGroupShare: 0.5 };

/** No figures: histograms with their +Inf bucket alone, as the judge's statistics need one. */
const EMPTY: CohortFigures = {
  views: 0,
  assignedViews: 0,
  errors: 0,
  loadFailures: 0,
  lcp: [{ le: Infinity, count: 0 }],
  inp: [{ le: Infinity, count: 0 }],
};
const observations = (buckets: Bucket[]) => buckets.reduce((most, { count }) => Math.max(most, count), 0);

function addBuckets(a: Bucket[], b: Bucket[]): Bucket[] {
  const bounds = [...new Set([...a, ...b].map(({ le }) => le))].sort((x, y) => x - y);
  const at = (buckets: Bucket[], le: number) =>
    buckets.filter((bucket) => bucket.le <= le).reduce((c, bucket) => Math.max(c, bucket.count), 0);
  return bounds.map((le) => ({ le, count: at(a, le) + at(b, le) }));
}

const add = (a: CohortFigures, b: CohortFigures): CohortFigures => ({
  views: a.views + b.views,
  assignedViews: (a.assignedViews ?? 0) + (b.assignedViews ?? 0),
  errors: a.errors + b.errors,
  loadFailures: a.loadFailures + b.loadFailures,
  lcp: addBuckets(a.lcp, b.lcp),
  inp: addBuckets(a.inp, b.inp),
});

/** Both cohorts' figures over the groups not left out. */
export function without(groups: readonly GroupFigures[], leftOut: ReadonlySet<string>) {
  const kept = groups.filter(({ group }) => !leftOut.has(group));
  return {
    canary: kept.reduce((sum, { canary }) => add(sum, canary), EMPTY),
    stable: kept.reduce((sum, { stable }) => add(sum, stable), EMPTY),
  };
}

/** The group with the most of `pick`, if any has some. */
function top(groups: readonly GroupFigures[], pick: (group: GroupFigures) => number): string | undefined {
  let best: GroupFigures | undefined;
  for (const group of groups) if (pick(group) > 0 && (!best || pick(group) > pick(best))) best = group;
  return best?.group;
}

const SIGNALS = [
  { name: 'errors', events: (figures: CohortFigures) => figures.errors },
  { name: 'load failures', events: (figures: CohortFigures) => figures.loadFailures },
  { name: 'LCP', events: (figures: CohortFigures) => observations(figures.lcp) },
  { name: 'INP', events: (figures: CohortFigures) => observations(figures.inp) },
] as const;

const set = (...groups: Array<string | undefined>) => new Set(groups.filter((group): group is string => group !== undefined));
const named = (groups: ReadonlySet<string>) => (groups.size === 0 ? 'none' : [...groups].join(', '));

interface Spread {
  groups: readonly GroupFigures[];
  step: StepState;
  policy: JudgePolicy;
  spread: SpreadPolicy;
}

/** Each signal's harm without the group with the most views and the one with the most of its canary events: harms spread enough to act on, and those too thin to. */
function harmsOf({ groups, step, policy, spread }: Spread, biggest: string | undefined, topOf: Array<string | undefined>) {
  const harms: string[] = [];
  const thin: string[] = [];
  for (const [index, signal] of SIGNALS.entries()) {
    const leftOut = set(biggest, topOf[index]);
    const { canary, stable } = without(groups, leftOut);
    const verdict = judge(canary, stable, step, policy);
    const line = verdict.reasons.find((reason) => reason.startsWith(`${signal.name}:`));
    if (verdict.action !== 'abort' || line === undefined) continue;
    const from = groups.filter(({ group, canary }) => !leftOut.has(group) && signal.events(canary) > 0).length;
    if (from >= spread.minGroups) harms.push(`${line} (without client groups ${named(leftOut)})`);
    else
      thin.push(
        `${signal.name}: worse, but the canary's come from ${from} client groups (${spread.minGroups} needed): too few clients to act on`,
      );
  }
  return { harms, thin };
}

/** Why to hold a step the judge would advance or wait on: one group still carrying most of a cohort's views, or an advance on too few groups. */
function tooFewClients({ policy, spread }: Spread, kept: readonly GroupFigures[], advancing: boolean): string | undefined {
  for (const cohort of ['canary', 'stable'] as const) {
    const total = kept.reduce((sum, group) => sum + group[cohort].views, 0);
    const largest = kept.reduce((most, group) => Math.max(most, group[cohort].views), 0);
    if (total >= policy.minViews && largest / total > spread.maxGroupShare)
      return `one client group carries ${Math.round((largest / total) * 100)}% of the ${cohort}'s views with the largest left out: a few clients decide this step`;
  }
  const thin = (['canary', 'stable'] as const).filter(
    (cohort) => kept.filter((group) => group[cohort].views > 0).length < spread.minGroups,
  );
  if (advancing && thin.length > 0)
    return `the ${thin.join(' and ')} views come from fewer than ${spread.minGroups} client groups: too few clients to advance on`;
  return undefined;
}

/** The verdict on a step's figures per client group. */
export function judgeSpread(
  groups: readonly GroupFigures[],
  step: StepState,
  policy: JudgePolicy = DEFAULT_POLICY,
  spread: SpreadPolicy = DEFAULT_SPREAD,
): Verdict {
  const biggest = top(groups, ({ canary, stable }) => canary.views + stable.views);
  const mostLoads = top(groups, ({ canary, stable }) => (canary.assignedViews ?? 0) + (stable.assignedViews ?? 0));
  const topOf = SIGNALS.map((signal) => top(groups, ({ canary }) => signal.events(canary)));
  // The step's own verdict: without the group with the most views nor those with the most of any signal; its sample ratio without the one with the most page loads.
  const leftOut = set(biggest, ...topOf);
  const base = without(groups, leftOut);
  const loads = without(groups, set(mostLoads));
  const main = judge(
    { ...base.canary, assignedViews: loads.canary.assignedViews },
    { ...base.stable, assignedViews: loads.stable.assignedViews },
    step,
    policy,
  );
  const figures = main.figures;
  const leftOutLine = `left out: client groups ${named(leftOut)} (the most views or events), ${mostLoads ?? 'none'} (the most page loads)`;

  const { harms, thin } = harmsOf({ groups, step, policy, spread }, biggest, topOf);
  if (harms.length > 0) return { action: 'abort', reasons: harms, figures };
  if (thin.length > 0) return { action: 'hold', reasons: thin, figures };
  // Worse only with the groups the checks above leave out: one client's events; wait for more clients.
  if (main.action === 'abort')
    return { action: 'wait', reasons: main.reasons.map((reason) => `${reason}: worse only with one client group's events`), figures };
  if (main.action === 'hold') return { ...main, reasons: [...main.reasons, leftOutLine] };
  const kept = groups.filter(({ group }) => !leftOut.has(group));
  const few = tooFewClients({ groups, step, policy, spread }, kept, main.action === 'advance');
  if (few) return { action: 'hold', reasons: [few, leftOutLine], figures };
  return { ...main, reasons: [...main.reasons, leftOutLine] };
}
