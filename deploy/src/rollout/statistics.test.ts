/**
 * The judge's statistics against values from elsewhere: closed forms, sums worked by hand, and
 * SciPy 1.17 (scipy.stats.binom.sf, mannwhitneyu with method='asymptotic') or Python's math.erfc where said.
 */
import {
  binnedMannWhitney,
  binomialUpperTail,
  chiSquareOneSurvival,
  conditionalRateTest,
  erfc,
  quantileFromBuckets,
  sampleRatioMismatch,
  type Bucket,
} from './statistics.ts';

const expectRelative = (actual: number, expected: number, tolerance = 1e-12) =>
  expect(Math.abs(actual / expected - 1)).toBeLessThan(tolerance);

/** Cumulative buckets from per-bucket counts, on the bounds the LCP histogram might use. */
const BOUNDS = [0.5, 1, 2.5, 4, Infinity];
const cumulative = (perBucket: number[], bounds = BOUNDS): Bucket[] => {
  let total = 0;
  return perBucket.map((count, index) => ({ le: bounds[index]!, count: (total += count) }));
};

describe('binomialUpperTail', () => {
  it('is the closed form for small cases', () => {
    // C(10,8) + C(10,9) + C(10,10) = 45 + 10 + 1 = 56 outcomes of 1024.
    expectRelative(binomialUpperTail(8, 10, 0.5), 56 / 1024);
    // P(X = n) = pⁿ.
    expectRelative(binomialUpperTail(5, 5, 0.05), 0.05 ** 5);
  });

  it('keeps its digits for n up to 10⁷', () => {
    // P(X ≥ 1) = 1 − (1 − p)ⁿ.
    expectRelative(binomialUpperTail(1, 1e7, 3e-7), -Math.expm1(1e7 * Math.log1p(-3e-7)));
    // Binomial(n, ½) with n odd is symmetric about n/2: each half holds exactly ½.
    expectRelative(binomialUpperTail(5_000_001, 10_000_001, 0.5), 0.5, 1e-13);
    // SciPy: binom.sf(59, 1e7, 3e-6), binom.sf(11999, 1e5, 0.1).
    expectRelative(binomialUpperTail(60, 1e7, 3e-6), 9.251454063700674e-7);
    expectRelative(binomialUpperTail(12_000, 1e5, 0.1), 1.0262376445912837e-93, 1e-11);
  });

  it('matches exact rational sums (Python fractions)', () => {
    expectRelative(binomialUpperTail(20, 1000, 0.01), 0.0032883597877274664);
    expectRelative(binomialUpperTail(3, 1000, 0.01), 0.9973205680062085);
    expectRelative(binomialUpperTail(150, 200, 0.5), 4.1965104378023807e-13);
  });

  it('has the edges a probability must have', () => {
    expect([binomialUpperTail(0, 10, 0.3), binomialUpperTail(-2, 10, 0.3), binomialUpperTail(11, 10, 0.3)]).toEqual([1, 1, 0]);
    expect([binomialUpperTail(1, 10, 0), binomialUpperTail(10, 10, 1), binomialUpperTail(0, 0, 0.5)]).toEqual([0, 1, 1]);
    // X ≥ 2.5 is X ≥ 3.
    expect(binomialUpperTail(2.5, 10, 0.3)).toBe(binomialUpperTail(3, 10, 0.3));
    expect(() => binomialUpperTail(1, 10.5, 0.3)).toThrow(RangeError);
    expect(() => binomialUpperTail(1, 10, 1.5)).toThrow(RangeError);
  });
});

describe('erfc and the χ²(1) survival function', () => {
  it('match known values', () => {
    // Python's math.erfc.
    expectRelative(erfc(1), 0.157299207050285, 1e-14);
    expectRelative(erfc(0.5), 0.4795001221869535, 1e-14);
    expectRelative(erfc(2), 0.004677734981047265, 1e-14);
    expectRelative(erfc(5), 1.5374597944280351e-12, 1e-14);
    expectRelative(erfc(-1), 1.842700792949715, 1e-14);
    expect(erfc(0)).toBe(1);
    // The χ²(1) table's 5% and 0.1% critical values.
    expect(chiSquareOneSurvival(3.841459)).toBeCloseTo(0.05, 7);
    expect(chiSquareOneSurvival(10.8276)).toBeCloseTo(0.001, 7);
  });
});

describe('conditionalRateTest', () => {
  it('is the binomial tail of the canary’s share of all events', () => {
    // 5 canary events, none in stable, a 5% share of exposure: all 5 landed in the canary, 0.05⁵.
    const allCanary = conditionalRateTest({ canaryEvents: 5, canaryExposure: 100, stableEvents: 0, stableExposure: 1900 });
    expectRelative(allCanary.pValue, 0.05 ** 5);
    expect(allCanary).toMatchObject({ canaryRate: 0.05, stableRate: 0, ratio: Infinity });
    // 12 of 72 events in the canary at a 5% share: Python fractions, Σ_{j≥12} C(72,j) 0.05^j 0.95^(72−j).
    const some = conditionalRateTest({ canaryEvents: 12, canaryExposure: 1000, stableEvents: 60, stableExposure: 19_000 });
    expectRelative(some.pValue, 0.00022640762105280107);
    expectRelative(some.ratio, 0.012 / (60 / 19_000));
  });

  it('finds no evidence where there is none', () => {
    expect(conditionalRateTest({ canaryEvents: 0, canaryExposure: 100, stableEvents: 0, stableExposure: 1900 })).toEqual({
      pValue: 1,
      canaryRate: 0,
      stableRate: 0,
      ratio: 1,
    });
    // Fewer canary events than its share: the one-sided test does not call that harm.
    expect(conditionalRateTest({ canaryEvents: 1, canaryExposure: 500, stableEvents: 30, stableExposure: 500 }).pValue).toBeGreaterThan(
      0.99,
    );
    expect(conditionalRateTest({ canaryEvents: 3, canaryExposure: 0, stableEvents: 1, stableExposure: 100 }).pValue).toBe(1);
  });
});

describe('binnedMannWhitney', () => {
  it('matches SciPy’s tie-corrected Mann–Whitney on the same data, each bucket one tied value', () => {
    const small = binnedMannWhitney(cumulative([3, 10, 12, 4, 1]), cumulative([8, 15, 9, 2, 1]));
    expect(small).toMatchObject({ canaryCount: 30, stableCount: 35 });
    expectRelative(small.probabilityOfSuperiority, 0.6319047619047619);
    expectRelative(small.pValue, 0.028066191018114812, 1e-9);
    const large = binnedMannWhitney(cumulative([100, 400, 300, 150, 50]), cumulative([2000, 9000, 6000, 2500, 500]));
    expectRelative(large.probabilityOfSuperiority, 0.53125);
    expectRelative(large.pValue, 0.0001850034153269891, 1e-9);
  });

  it('works by hand on two buckets: every canary value above every stable one', () => {
    // U = 9 of 9 pairs; var = 9/12·(7 − (24 + 24)/30) = 4.05; z = (9 − 4.5 − 0.5)/√4.05; p = ½·erfc(z/√2).
    const result = binnedMannWhitney(cumulative([0, 3], [1, Infinity]), cumulative([3, 0], [1, Infinity]));
    expect(result.probabilityOfSuperiority).toBe(1);
    expectRelative(result.pValue, 0.02342708880193688, 1e-9);
  });

  it('sees no harm in the same distribution, in a faster canary, or without data', () => {
    const same = binnedMannWhitney(cumulative([5, 10, 10, 5, 0]), cumulative([100, 200, 200, 100, 0]));
    expect(same.probabilityOfSuperiority).toBe(0.5);
    expect(same.pValue).toBeGreaterThan(0.5);
    const faster = binnedMannWhitney(cumulative([30, 10, 0, 0, 0]), cumulative([5, 10, 20, 5, 0]));
    expect(faster.pValue).toBeGreaterThan(0.999);
    expect(binnedMannWhitney(cumulative([0, 0, 0, 0, 0]), cumulative([5, 10, 20, 5, 0]))).toEqual({
      pValue: 1,
      probabilityOfSuperiority: 0.5,
      canaryCount: 0,
      stableCount: 40,
    });
  });

  it('is the mirror image with the sides swapped', () => {
    const [a, b] = [cumulative([3, 10, 12, 4, 1]), cumulative([8, 15, 9, 2, 1])];
    expect(binnedMannWhitney(b, a).probabilityOfSuperiority).toBeCloseTo(1 - binnedMannWhitney(a, b).probabilityOfSuperiority, 12);
  });

  it('refuses histograms with different buckets', () => {
    expect(() => binnedMannWhitney(cumulative([1, 2, 3], [1, 2, Infinity]), cumulative([1, 2, 3], [1, 3, Infinity]))).toThrow(
      /buckets differ/,
    );
    expect(() => binnedMannWhitney(cumulative([1, 2], [1, 2]), cumulative([1, 2], [1, 2]))).toThrow(/\+Inf/);
  });
});

describe('quantileFromBuckets', () => {
  // 10 ≤ 0.5 s, 20 more ≤ 1 s, 10 more ≤ 2.5 s, none above.
  const buckets = cumulative([10, 20, 10, 0, 0]);

  it('interpolates within the bucket, as histogram_quantile does', () => {
    // Rank 20 of 40 lies 10 into the (0.5, 1] bucket's 20: 0.5 + 0.5·10/20.
    expect(quantileFromBuckets(buckets, 0.5)).toBeCloseTo(0.75, 12);
    // Rank 4 lies in the lowest bucket, which starts at 0: 0.5·4/10.
    expect(quantileFromBuckets(buckets, 0.1)).toBeCloseTo(0.2, 12);
    // Rank 30 of 40 is the (0.5, 1] bucket's top.
    expect(quantileFromBuckets(buckets, 0.75)).toBeCloseTo(1, 12);
  });

  it('answers the highest finite bound from the +Inf bucket, NaN without observations', () => {
    expect(quantileFromBuckets(cumulative([5, 5], [1, Infinity]), 0.9)).toBe(1);
    expect(quantileFromBuckets(cumulative([0, 0], [1, Infinity]), 0.5)).toBeNaN();
    expect(() => quantileFromBuckets(buckets, 1.5)).toThrow(RangeError);
  });

  it('reads unordered and slightly non-monotonic buckets as Prometheus does', () => {
    const shuffled = [...buckets].reverse().map((bucket) => (bucket.le === 4 ? { ...bucket, count: 39.5 } : bucket));
    expect(quantileFromBuckets(shuffled, 0.5)).toBeCloseTo(0.75, 12);
  });
});

describe('sampleRatioMismatch', () => {
  it('is Pearson’s χ² with one degree of freedom', () => {
    // 60 vs 40 where 50/50 was expected: χ² = 100/50 + 100/50 = 4, and P(χ²₁ > 4) = P(|Z| > 2) = 0.0455002638963584 (math.erfc(√2)).
    const result = sampleRatioMismatch({ canaryCount: 60, stableCount: 40, expectedCanaryShare: 0.5 });
    expect(result.observedShare).toBe(0.6);
    expectRelative(result.pValue, 0.0455002638963584, 1e-13);
    expect(sampleRatioMismatch({ canaryCount: 50, stableCount: 950, expectedCanaryShare: 0.05 }).pValue).toBe(1);
  });

  it('has its edges', () => {
    expect(sampleRatioMismatch({ canaryCount: 0, stableCount: 0, expectedCanaryShare: 0.05 })).toEqual({ pValue: 1, observedShare: 0 });
    expect(sampleRatioMismatch({ canaryCount: 10, stableCount: 0, expectedCanaryShare: 1 })).toEqual({ pValue: 1, observedShare: 1 });
    expect(sampleRatioMismatch({ canaryCount: 10, stableCount: 1, expectedCanaryShare: 1 }).pValue).toBe(0);
    expect(() => sampleRatioMismatch({ canaryCount: -1, stableCount: 1, expectedCanaryShare: 0.5 })).toThrow(RangeError);
  });
});
