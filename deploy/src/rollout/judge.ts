/**
 * The canary judge: given one step's figures for the canary and the stable cohort, whether to
 * advance, abort, hold or wait. Pure: the judge loop reads Prometheus and acts on the verdict.
 */
import { binnedMannWhitney, conditionalRateTest, quantileFromBuckets, sampleRatioMismatch, type Bucket } from './statistics.ts';
import type { Figures, LatencyFigures, RateFigures, VerdictAction } from '../environment/decisionJournal.ts';

export interface CohortFigures {
  /** Page loads that ran the remote in this cohort. */
  views: number;
  /**
   * Pages shown to shoppers assigned to this cohort, whichever build they ran (a shopper's first
   * page comes before their cohort): the sample-ratio check's counts when given, else `views`.
   */
  assignedViews?: number;
  /** Uncaught page errors attributed to the remote. */
  errors: number;
  /** Page loads where the remote's module could not load. */
  loadFailures: number;
  /** Cumulative histogram buckets, seconds. */
  lcp: Bucket[];
  inp: Bucket[];
}

export interface RateMargin {
  /** Canary rate ÷ stable rate at least this… */
  ratio: number;
  /** …and canary rate − stable rate at least this (a fraction of views). */
  difference: number;
}

export interface LatencyMargin {
  /** P(canary slower than stable) for a random pair, ties counted half, at least this… */
  superiority: number;
  /** …and canary p75 ÷ stable p75 at least this. */
  p75Ratio: number;
}

export interface JudgePolicy {
  /** Views each cohort needs before the step may advance. */
  minViews: number;
  /** Observations each cohort's LCP and INP need before the step may advance. */
  minLatencyObservations: number;
  minStepMs: number;
  /**
   * How long after a step begins its figures start: shoppers take up a new share at their next page
   * (the page asks /rollout.json then, or within a minute), and Prometheus scrapes what came before.
   */
  settleMs: number;
  /** A step still short of a verdict after this long holds for a human. */
  noDataLimitMs: number;
  /** One-sided, per look, for every harm signal. */
  harmAlpha: number;
  /** Canary events an error or load-failure signal needs before it may abort. */
  minRateEvents: number;
  errors: RateMargin;
  loadFailures: RateMargin;
  lcp: LatencyMargin;
  inp: LatencyMargin;
  srmAlpha: number;
  /** The canary:stable ratio of views must be off from the expected one by at least this factor to hold. */
  srmRatioMargin: number;
}

export const DEFAULT_POLICY: JudgePolicy = {
  // Enough to see a remote broken for one view in ten against a 0.3% baseline (≈20 errors against ≈1 expected).
  minViews: 200,
  // Where the normal approximation of Mann–Whitney is good.
  minLatencyObservations: 30,
  // A few scrapes and judge runs, and time for what fails only later (a timer, an expiring cache).
  minStepMs: 10 * 60_000,
  // The page's own recheck (a minute), and a scrape or two.
  settleMs: 2 * 60_000,
  // Six times the minimum: a step this short of data means the traffic or the counting is not what we think.
  noDataLimitMs: 60 * 60_000,
  // Tested again at every look, so a step's false-abort chance is a few percent: an abort costs a rerun, a miss costs shoppers.
  harmAlpha: 0.01,
  // Fewer events than this is one unlucky shopper, not evidence.
  minRateEvents: 5,
  // Half as many errors again and 2 in 1,000 views more: what a shopper would notice, not what a huge sample can prove.
  errors: { ratio: 1.5, difference: 0.002 },
  // A remote that does not load shows its fallback on the page: half the error margin.
  loadFailures: { ratio: 1.5, difference: 0.001 },
  // 0.56 is Vargha and Delaney's "small" effect; a p75 a fifth slower is a change the Web Vitals thresholds notice.
  lcp: { superiority: 0.56, p75Ratio: 1.2 },
  inp: { superiority: 0.56, p75Ratio: 1.2 },
  // Strict, as sample ratio checks usually are: a mismatch makes every other figure suspect.
  srmAlpha: 0.001,
  // Views cluster by shopper, so a view-level χ² overstates the evidence; 10% off is a split that is broken, not noisy.
  srmRatioMargin: 1.1,
};

export interface StepState {
  /** Share of shoppers in the canary at this step, above 0 and below 1 (there must be a stable cohort to compare with). */
  share: number;
  stepStartedAt: number;
  now: number;
}

export type { Figures };

export type Verdict = { action: VerdictAction; reasons: string[]; figures: Figures };

/** 'suspect': worse beyond the margins, but on too few canary events or observations to act on. */
type Finding = 'harm' | 'suspect' | 'fine';

interface Signal {
  finding: Finding;
  /** The signal's figures in one sentence. */
  line: string;
  /** Why it cannot be judged yet, when so. */
  shortfall?: string;
}

const MINUTE = 60_000;
const finite = (value: number): number | null => (Number.isFinite(value) ? value : null);
const percent = (fraction: number) => `${Number((fraction * 100).toPrecision(2))}%`;
const pText = (p: number) => (p >= 0.001 ? `p=${Number(p.toPrecision(2))}` : p > 0 ? `p=${p.toExponential(0)}` : 'p≈0');
const count = (value: number) => Math.round(value);
const seconds = (value: number | null) => (value === null ? 'none' : `${Number(value.toPrecision(2))} s`);
const milliseconds = (value: number | null) => (value === null ? 'none' : `${Math.round(value * 1000)} ms`);

/** Worse beyond the margins is harm on enough canary evidence, and a reason to wait on less. */
function weigh(line: string, worse: boolean, evidence: number, needed: number, unit: string): Signal {
  if (!worse) return { finding: 'fine', line };
  if (evidence >= needed) return { finding: 'harm', line };
  return { finding: 'suspect', line, shortfall: `${line}: worse, but ${evidence} canary ${unit} are too few to act on (${needed} needed)` };
}

function rateSignal(name: string, canary: number, stable: number, views: Figures['views'], margin: RateMargin, policy: JudgePolicy) {
  const test = conditionalRateTest({
    canaryEvents: canary,
    canaryExposure: views.canary,
    stableEvents: stable,
    stableExposure: views.stable,
  });
  const worse = test.pValue < policy.harmAlpha && test.ratio >= margin.ratio && test.canaryRate - test.stableRate >= margin.difference;
  const line = `${name}: ${percent(test.canaryRate)} of canary views vs ${percent(test.stableRate)} of stable (${count(canary)} of ${count(views.canary)} vs ${count(stable)} of ${count(views.stable)}, ${pText(test.pValue)})`;
  const signal = weigh(line, worse, count(canary), policy.minRateEvents, 'events');
  const figures: RateFigures = { canary, stable, ...test, ratio: finite(test.ratio) };
  return { signal, figures };
}

function latencySignal(
  name: string,
  canary: Bucket[],
  stable: Bucket[],
  margin: LatencyMargin,
  policy: JudgePolicy,
  format: (value: number | null) => string,
) {
  const test = binnedMannWhitney(canary, stable);
  const canaryP75 = quantileFromBuckets(canary, 0.75);
  const stableP75 = quantileFromBuckets(stable, 0.75);
  const p75Ratio = canaryP75 === stableP75 ? 1 : canaryP75 / stableP75;
  const worse = test.pValue < policy.harmAlpha && test.probabilityOfSuperiority >= margin.superiority && p75Ratio >= margin.p75Ratio;
  const enough = Math.min(test.canaryCount, test.stableCount) >= policy.minLatencyObservations;
  const line =
    `${name}: canary p75 ${format(finite(canaryP75))} vs ${format(finite(stableP75))} stable, ` +
    `canary slower in ${percent(test.probabilityOfSuperiority)} of pairs (${test.canaryCount} vs ${test.stableCount} observations, ${pText(test.pValue)})`;
  const signal = weigh(line, worse, test.canaryCount, policy.minLatencyObservations, 'observations');
  if (signal.finding === 'fine' && !enough) {
    signal.shortfall = `${name}: ${test.canaryCount} canary and ${test.stableCount} stable observations, ${policy.minLatencyObservations} each needed`;
  }
  const figures: LatencyFigures = {
    ...test,
    canaryP75: finite(canaryP75),
    stableP75: finite(stableP75),
    p75Ratio: finite(p75Ratio),
  };
  return { signal, figures };
}

function checkStep({ share, stepStartedAt, now }: StepState): void {
  if (!(share > 0 && share < 1)) throw new RangeError(`judge: the step's share must be above 0 and below 1, not ${share}`);
  if (!Number.isFinite(stepStartedAt) || !Number.isFinite(now)) throw new RangeError('judge: stepStartedAt and now must be times in ms');
}

/** A mismatch is both unlikely by chance and large: the views' canary:stable ratio off by srmRatioMargin or more. */
function sampleRatio(views: Figures['views'], share: number, policy: JudgePolicy) {
  const { pValue, observedShare } = sampleRatioMismatch({
    canaryCount: views.canary,
    stableCount: views.stable,
    expectedCanaryShare: share,
  });
  const total = views.canary + views.stable;
  // Pearson's χ² needs about 5 expected in each cell (Cochran's rule) to be trusted.
  const testable = Math.min(share, 1 - share) * total >= 5;
  const off = (observedShare * (1 - share)) / ((1 - observedShare) * share);
  const mismatch = testable && pValue < policy.srmAlpha && Math.max(off, 1 / off) >= policy.srmRatioMargin;
  const line = `sample ratio mismatch: the canary has ${percent(observedShare)} of views, ${percent(share)} expected (${count(views.canary)} of ${count(total)}, ${pText(pValue)}): is the split or the counting broken?`;
  return { mismatch, line, figures: { observedShare, pValue } };
}

/** Abort on evidence of harm in any signal; else hold on a broken split or a step too long without a verdict; else wait for data and time; else advance. */
export function judge(canary: CohortFigures, stable: CohortFigures, step: StepState, policy: JudgePolicy = DEFAULT_POLICY): Verdict {
  checkStep(step);
  const views = { canary: canary.views, stable: stable.views };
  const elapsedMs = step.now - step.stepStartedAt;
  const errors = rateSignal('errors', canary.errors, stable.errors, views, policy.errors, policy);
  const loadFailures = rateSignal('load failures', canary.loadFailures, stable.loadFailures, views, policy.loadFailures, policy);
  const lcp = latencySignal('LCP', canary.lcp, stable.lcp, policy.lcp, policy, seconds);
  const inp = latencySignal('INP', canary.inp, stable.inp, policy.inp, policy, milliseconds);
  const assigned = { canary: canary.assignedViews ?? canary.views, stable: stable.assignedViews ?? stable.views };
  const srm = sampleRatio(assigned, step.share, policy);
  const figures: Figures = {
    share: step.share,
    elapsedMs,
    views,
    srm: srm.figures,
    errors: errors.figures,
    loadFailures: loadFailures.figures,
    lcp: lcp.figures,
    inp: inp.figures,
  };
  const signals = [errors, loadFailures, lcp, inp].map(({ signal }) => signal);

  const harms = signals.filter(({ finding }) => finding === 'harm').map(({ line }) => line);
  if (harms.length > 0) return { action: 'abort', reasons: harms, figures };
  if (srm.mismatch) return { action: 'hold', reasons: [srm.line], figures };

  const shortfalls = [
    ...(['canary', 'stable'] as const).flatMap((cohort) =>
      views[cohort] < policy.minViews ? [`only ${count(views[cohort])} ${cohort} views so far, ${policy.minViews} needed`] : [],
    ),
    ...signals.flatMap(({ shortfall }) => (shortfall ? [shortfall] : [])),
  ];
  const minutes = Math.floor(elapsedMs / MINUTE);
  if (shortfalls.length > 0 && elapsedMs >= policy.noDataLimitMs) {
    const limit = `still no verdict after ${minutes} min at this step (limit ${policy.noDataLimitMs / MINUTE} min): a human must look`;
    return { action: 'hold', reasons: [limit, ...shortfalls], figures };
  }
  if (elapsedMs < policy.minStepMs) shortfalls.push(`${minutes} of ${policy.minStepMs / MINUTE} minutes at this step`);
  if (shortfalls.length > 0) return { action: 'wait', reasons: shortfalls, figures };
  const healthy = `healthy after ${minutes} min at ${percent(step.share)}: no harm in ${count(views.canary)} canary and ${count(views.stable)} stable views`;
  return { action: 'advance', reasons: [healthy, ...signals.map(({ line }) => line)], figures };
}
