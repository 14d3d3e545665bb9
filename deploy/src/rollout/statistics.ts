/**
 * The statistics the canary judge needs, pure and dependency-free: an exact binomial tail, a
 * one-sided test of two event rates, a Mann–Whitney test on Prometheus histograms, a histogram's
 * quantile and a sample ratio check.
 */

/** One cumulative Prometheus histogram bucket: `count` observations ≤ `le` (Infinity for +Inf). */
export interface Bucket {
  le: number;
  count: number;
}

function checkCount(name: string, value: number): void {
  if (!Number.isFinite(value) || value < 0) throw new RangeError(`${name} must be a finite number ≥ 0, not ${value}`);
}

// Binomial probabilities as R's dbinom computes them (C. Loader, "Fast and accurate computation
// of binomial probabilities", 2000): no lgamma differences, so no digits lost for n up to 1e7 and beyond.

const LOG_FACTORIALS = Array.from({ length: 16 }, (_, n) =>
  Math.log(Array.from({ length: n }, (_, i) => i + 1).reduce((a, b) => a * b, 1)),
);
const HALF_LOG_TWO_PI = 0.5 * Math.log(2 * Math.PI);

/** log(n!) − log(√(2πn)·(n/e)ⁿ), the error of Stirling's formula, for whole n ≥ 1. */
function stirlingError(n: number): number {
  if (n <= 15) return LOG_FACTORIALS[n]! - (n + 0.5) * Math.log(n) + n - HALF_LOG_TWO_PI;
  const nn = n * n;
  const [s0, s1, s2, s3, s4] = [1 / 12, 1 / 360, 1 / 1260, 1 / 1680, 1 / 1188];
  if (n > 500) return (s0 - s1 / nn) / n;
  if (n > 80) return (s0 - (s1 - s2 / nn) / nn) / n;
  if (n > 35) return (s0 - (s1 - (s2 - s3 / nn) / nn) / nn) / n;
  return (s0 - (s1 - (s2 - (s3 - s4 / nn) / nn) / nn) / nn) / n;
}

/** x·log(x/m) + m − x, summed as a series when x is near m (where the direct form cancels). */
function deviance(x: number, m: number): number {
  if (Math.abs(x - m) >= 0.1 * (x + m)) return x * Math.log(x / m) + m - x;
  const v = (x - m) / (x + m);
  let sum = (x - m) * v;
  let term = 2 * x * v;
  for (let j = 1; ; j++) {
    term *= v * v;
    const next = sum + term / (2 * j + 1);
    if (next === sum) return sum;
    sum = next;
  }
}

/** P(X = x), X ~ Binomial(n, p), 0 < p < 1, whole 0 ≤ x ≤ n. */
function binomialProbability(x: number, n: number, p: number): number {
  const q = 1 - p;
  if (x === 0) return Math.exp(p < 0.1 ? -deviance(n, n * q) - n * p : n * Math.log(q));
  if (x === n) return Math.exp(q < 0.1 ? -deviance(n, n * p) - n * q : n * Math.log(p));
  const logCore = stirlingError(n) - stirlingError(x) - stirlingError(n - x) - deviance(x, n * p) - deviance(n - x, n * q);
  return Math.exp(logCore - 0.5 * (2 * HALF_LOG_TWO_PI + Math.log(x) + Math.log1p(-x / n)));
}

/** Σ P(X = j) from `start` away from the mode (step +1 or −1), where the terms only shrink, until they no longer count. */
function sumAwayFromMode(start: number, n: number, p: number, step: 1 | -1): number {
  const odds = p / (1 - p);
  let term = binomialProbability(start, n, p);
  let sum = 0;
  for (let j = start; j >= 0 && j <= n && term > sum * 1e-17; j += step) {
    sum += term;
    term *= step === 1 ? ((n - j) / (j + 1)) * odds : j / (n - j + 1) / odds;
  }
  return sum;
}

/**
 * P(X ≥ k), X ~ Binomial(n, p). Exact: the tail's terms (Loader's saddle-point form, accurate for any n)
 * are summed from k outward, or the other tail is, whichever lies beyond the mean and so converges fast.
 */
export function binomialUpperTail(k: number, n: number, p: number): number {
  if (!Number.isInteger(n) || n < 0) throw new RangeError(`binomialUpperTail: n must be a whole number ≥ 0, not ${n}`);
  if (!(p >= 0 && p <= 1)) throw new RangeError(`binomialUpperTail: p must be in [0, 1], not ${p}`);
  if (Number.isNaN(k)) throw new RangeError('binomialUpperTail: k is NaN');
  const from = Math.ceil(k);
  if (from <= 0) return 1;
  if (from > n || p === 0) return 0;
  if (p === 1) return 1;
  if (from > n * p) return Math.min(1, sumAwayFromMode(from, n, p, 1));
  return Math.max(0, 1 - sumAwayFromMode(from - 1, n, p, -1));
}

/**
 * The complementary error function to near double precision: for x < 2 as 1 − erf(x) by the
 * positive-term series (Abramowitz & Stegun 7.1.6), beyond by its continued fraction (A&S 7.1.14).
 */
export function erfc(x: number): number {
  if (Number.isNaN(x)) return NaN;
  if (x < 0) return 2 - erfc(-x);
  return x < 2 ? 1 - erfSeries(x) : erfcContinuedFraction(x);
}

function erfSeries(x: number): number {
  let term = x;
  let sum = x;
  for (let n = 1; term > sum * 1e-17; n++) {
    term *= (2 * x * x) / (2 * n + 1);
    sum += term;
  }
  return (2 / Math.sqrt(Math.PI)) * Math.exp(-x * x) * sum;
}

/** erfc(x) = e^(−x²)/√π · 1/(x + ½/(x + 1/(x + 3⁄2/(x + …)))), evaluated by Lentz's method. */
function erfcContinuedFraction(x: number): number {
  let value = x;
  let c = x;
  let d = 0;
  for (let j = 1; j < 1000; j++) {
    d = 1 / (x + (j / 2) * d);
    c = x + j / 2 / c;
    value *= c * d;
    if (Math.abs(c * d - 1) < 1e-16) break;
  }
  return Math.exp(-x * x) / Math.sqrt(Math.PI) / value;
}

/** P(Z > z), Z standard normal. */
export function normalUpperTail(z: number): number {
  return 0.5 * erfc(z / Math.SQRT2);
}

export interface RateCounts {
  canaryEvents: number;
  canaryExposure: number;
  stableEvents: number;
  stableExposure: number;
}

export interface RateTest {
  /** One-sided: the chance of this many canary events or more were both rates the same. */
  pValue: number;
  canaryRate: number;
  stableRate: number;
  /** canaryRate / stableRate: Infinity when only the canary has events, 1 when neither has. */
  ratio: number;
}

/**
 * Is the canary's event rate per exposure higher than stable's? Given K events in all, the canary's
 * share of them is Binomial(K, its share of exposure) if the rates are equal; the p-value is that
 * binomial's upper tail. Counts read through rate()/increase() can be fractional: events are rounded.
 */
export function conditionalRateTest(counts: RateCounts): RateTest {
  for (const [name, value] of Object.entries(counts)) checkCount(name, value);
  const canaryEvents = Math.round(counts.canaryEvents);
  const stableEvents = Math.round(counts.stableEvents);
  const { canaryExposure, stableExposure } = counts;
  const canaryRate = canaryExposure > 0 ? canaryEvents / canaryExposure : 0;
  const stableRate = stableExposure > 0 ? stableEvents / stableExposure : 0;
  const ratio = stableRate > 0 ? canaryRate / stableRate : canaryRate > 0 ? Infinity : 1;
  const comparable = canaryExposure > 0 && stableExposure > 0;
  const pValue = comparable
    ? binomialUpperTail(canaryEvents, canaryEvents + stableEvents, canaryExposure / (canaryExposure + stableExposure))
    : 1;
  return { pValue, canaryRate, stableRate, ratio };
}

interface Histogram {
  bounds: number[];
  /** Observations per bucket (not cumulative), each rounded to a whole number. */
  counts: number[];
  /** Cumulative counts, made non-decreasing as Prometheus does (rate() over buckets can dip). */
  cumulative: number[];
}

function histogram(buckets: readonly Bucket[]): Histogram {
  const sorted = [...buckets].sort((a, b) => a.le - b.le);
  if (sorted.at(-1)?.le !== Infinity) throw new Error('A histogram needs its +Inf bucket (le: Infinity)');
  const bounds: number[] = [];
  const counts: number[] = [];
  const cumulative: number[] = [];
  let highest = 0;
  for (const { le, count } of sorted) {
    checkCount(`bucket le=${le} count`, count);
    if (le === bounds.at(-1) || Number.isNaN(le)) throw new Error(`A histogram's bucket bound ${le} is repeated or not a number`);
    bounds.push(le);
    counts.push(Math.round(Math.max(0, count - highest)));
    highest = Math.max(highest, count);
    cumulative.push(highest);
  }
  return { bounds, counts, cumulative };
}

const sum = (values: readonly number[]) => values.reduce((a, b) => a + b, 0);

export interface MannWhitneyTest {
  /** One-sided: canary values tend to be larger. */
  pValue: number;
  /** P(canary > stable) + ½·P(tie), for a random pair; 0.5 when either side is empty. */
  probabilityOfSuperiority: number;
  canaryCount: number;
  stableCount: number;
}

/**
 * Mann–Whitney U on two histograms with the same buckets. Values are known only to their bucket, so
 * those in one bucket are ties (midranks, tie-corrected variance); normal approximation with continuity correction.
 */
export function binnedMannWhitney(canaryBuckets: readonly Bucket[], stableBuckets: readonly Bucket[]): MannWhitneyTest {
  const canary = histogram(canaryBuckets);
  const stable = histogram(stableBuckets);
  if (canary.bounds.join() !== stable.bounds.join()) {
    throw new Error(
      `binnedMannWhitney: the histograms' buckets differ (canary le=${canary.bounds.join()}, stable le=${stable.bounds.join()})`,
    );
  }
  const canaryCount = sum(canary.counts);
  const stableCount = sum(stable.counts);
  if (canaryCount === 0 || stableCount === 0) return { pValue: 1, probabilityOfSuperiority: 0.5, canaryCount, stableCount };
  let u = 0;
  let stableBelow = 0;
  let ties = 0;
  canary.counts.forEach((inCanary, index) => {
    const inStable = stable.counts[index]!;
    u += inCanary * (stableBelow + inStable / 2);
    stableBelow += inStable;
    const tied = inCanary + inStable;
    ties += tied ** 3 - tied;
  });
  const pairs = canaryCount * stableCount;
  const total = canaryCount + stableCount;
  const variance = (pairs / 12) * (total + 1 - ties / (total * (total - 1)));
  const pValue = variance > 0 ? normalUpperTail((u - pairs / 2 - 0.5) / Math.sqrt(variance)) : 1;
  return { pValue, probabilityOfSuperiority: u / pairs, canaryCount, stableCount };
}

/**
 * The q-quantile as Prometheus's histogram_quantile gives it: interpolated linearly within its bucket,
 * the lowest bucket starting at 0, the +Inf bucket answered with the highest finite bound. NaN when
 * there are no observations. For reporting: tests use binnedMannWhitney.
 */
export function quantileFromBuckets(buckets: readonly Bucket[], q: number): number {
  if (!(q >= 0 && q <= 1)) throw new RangeError(`quantileFromBuckets: q must be in [0, 1], not ${q}`);
  const { bounds, cumulative } = histogram(buckets);
  const total = cumulative.at(-1)!;
  if (bounds.length < 2 || total === 0) return NaN;
  const rank = q * total;
  const index = cumulative.findIndex((count) => count >= rank);
  const upper = bounds[index]!;
  if (index === bounds.length - 1) return bounds[index - 1]!;
  if (index === 0 && upper <= 0) return upper;
  const lower = index === 0 ? 0 : bounds[index - 1]!;
  const below = index === 0 ? 0 : cumulative[index - 1]!;
  const inBucket = cumulative[index]! - below;
  return inBucket === 0 ? lower : lower + (upper - lower) * ((rank - below) / inBucket);
}

export interface ShareCounts {
  canaryCount: number;
  stableCount: number;
  expectedCanaryShare: number;
}

/** P(χ²₁ > x). */
export function chiSquareOneSurvival(x: number): number {
  return erfc(Math.sqrt(x / 2));
}

/**
 * Sample ratio mismatch: does the canary's share of the counts fit the share it was given? Pearson's
 * χ² goodness of fit, 1 degree of freedom. observedShare is 0 when there are no counts.
 */
export function sampleRatioMismatch({ canaryCount, stableCount, expectedCanaryShare: share }: ShareCounts): {
  pValue: number;
  observedShare: number;
} {
  checkCount('canaryCount', canaryCount);
  checkCount('stableCount', stableCount);
  if (!(share >= 0 && share <= 1)) throw new RangeError(`sampleRatioMismatch: expectedCanaryShare must be in [0, 1], not ${share}`);
  const total = canaryCount + stableCount;
  const observedShare = total > 0 ? canaryCount / total : 0;
  if (total === 0) return { pValue: 1, observedShare };
  // A share of 0 or 1 leaves nothing to chance: the counts match it or they do not.
  if (share === 0 || share === 1) return { pValue: observedShare === share ? 1 : 0, observedShare };
  const expectedCanary = total * share;
  const expectedStable = total - expectedCanary;
  const chiSquare = (canaryCount - expectedCanary) ** 2 / expectedCanary + (stableCount - expectedStable) ** 2 / expectedStable;
  return { pValue: chiSquareOneSurvival(chiSquare), observedShare };
}
