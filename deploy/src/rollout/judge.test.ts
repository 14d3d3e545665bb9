/** The canary judge's verdicts on the situations a rollout meets, with the default policy. */
import { judge, type CohortFigures, type StepState } from './judge.ts';
import type { Bucket } from './statistics.ts';

const MINUTE = 60_000;
const START = Date.UTC(2025, 0, 6, 9);
const at = (minutes: number, share = 0.05): StepState => ({ share, stepStartedAt: START, now: START + minutes * MINUTE });

// Each bound twice the one before, so a value doubled lands one bucket higher.
const LCP_BOUNDS = [0.25, 0.5, 1, 2, 4, 8, Infinity];
const LCP_SHAPE = [0.05, 0.2, 0.4, 0.25, 0.08, 0.02, 0];
const INP_BOUNDS = [0.025, 0.05, 0.1, 0.2, 0.4, 0.8, Infinity];
const INP_SHAPE = [0.1, 0.3, 0.35, 0.15, 0.07, 0.03, 0];

/** `observations` spread as `shape`, a `slower` fraction of each bucket's moved one bucket up (1: every value doubled). */
function histogram(bounds: number[], shape: number[], observations: number, slower = 0): Bucket[] {
  let below = 0;
  return bounds.map((le, index) => {
    // Up to bucket i: all of shape[..i−1], and the part of shape[i] that stayed.
    below += shape[index - 1] ?? 0;
    const share = index === bounds.length - 1 ? 1 : below + shape[index]! * (1 - slower);
    return { le, count: Math.round(observations * share) };
  });
}

interface Cohort {
  errors?: number;
  loadFailures?: number;
  lcpSlower?: number;
  inpSlower?: number;
  /** Share of views that report LCP; INP comes from the 60% of those where the shopper interacted. */
  vitals?: number;
}

const cohort = (views: number, { errors = 0, loadFailures = 0, lcpSlower = 0, inpSlower = 0, vitals = 1 }: Cohort = {}): CohortFigures => ({
  views,
  errors,
  loadFailures,
  lcp: histogram(LCP_BOUNDS, LCP_SHAPE, views * vitals, lcpSlower),
  inp: histogram(INP_BOUNDS, INP_SHAPE, views * vitals * 0.6, inpSlower),
});

// A 5% step with 1,000 canary views: 0.3% of views throw, 0.1% fail to load the remote, in both cohorts.
const STABLE = cohort(19_000, { errors: 57, loadFailures: 19 });
const healthy = (change: Cohort = {}) => cohort(1000, { errors: 3, loadFailures: 1, ...change });

describe('the canary judge', () => {
  it('advances a healthy canary with enough data and time, saying so with every figure it used', () => {
    const verdict = judge(healthy(), STABLE, at(15));
    expect(verdict.action).toBe('advance');
    expect(verdict.reasons[0]).toBe('healthy after 15 min at 5%: no harm in 1000 canary and 19000 stable views');
    // 3 of the 60 errors in the 5% canary: 1 − P(X ≤ 2), X ~ Binomial(60, 0.05), = 1 − (0.0461 + 0.1455 + 0.2259).
    expect(verdict.reasons).toContain('errors: 0.3% of canary views vs 0.3% of stable (3 of 1000 vs 57 of 19000, p=0.58)');
    expect(verdict.figures).toMatchObject({
      share: 0.05,
      elapsedMs: 15 * MINUTE,
      views: { canary: 1000, stable: 19_000 },
      errors: { canary: 3, stable: 57, canaryRate: 0.003, stableRate: 0.003, ratio: 1 },
      lcp: { canaryCount: 1000, stableCount: 19_000, canaryP75: 1.4, stableP75: 1.4 },
    });
    expect(JSON.parse(JSON.stringify(verdict.figures))).toEqual(verdict.figures);
  });

  it('aborts a canary that throws on almost every view within minutes, long before the minimum sample', () => {
    const verdict = judge(cohort(20, { errors: 19 }), cohort(380, { errors: 1, loadFailures: 1 }), at(2));
    expect(verdict.action).toBe('abort');
    expect(verdict.reasons).toEqual([
      expect.stringMatching(/^errors: 95% of canary views vs 0\.26% of stable \(19 of 20 vs 1 of 380, p=\de-\d+\)$/),
    ]);
  });

  it('aborts when the remote fails to load', () => {
    const verdict = judge(healthy({ loadFailures: 30 }), STABLE, at(12));
    expect(verdict.action).toBe('abort');
    expect(verdict.reasons).toEqual([expect.stringMatching(/^load failures: 3% of canary views vs 0\.1% of stable/)]);
  });

  it.each([
    ['LCP', { lcpSlower: 1 }, /^LCP: canary p75 2.8 s vs 1.4 s stable, canary slower in \d\d% of pairs/],
    ['INP', { inpSlower: 1 }, /^INP: canary p75 \d+ ms vs \d+ ms stable/],
  ])('aborts when %s doubles, one reason for the one signal', (_, change, reason) => {
    const verdict = judge(healthy(change), STABLE, at(12));
    expect(verdict.action).toBe('abort');
    expect(verdict.reasons).toEqual([expect.stringMatching(reason)]);
  });

  it('gives one reason per failing signal', () => {
    const verdict = judge(healthy({ errors: 40, lcpSlower: 1 }), STABLE, at(12));
    expect(verdict.reasons.map((reason) => reason.split(':')[0])).toEqual(['errors', 'LCP']);
  });

  it('advances a canary worse by a margin too small to matter, however significant on a huge sample', () => {
    const canary = cohort(1_000_000, { errors: 3300, loadFailures: 1000, lcpSlower: 0.05 });
    const stable = cohort(1_000_000, { errors: 3000, loadFailures: 1000 });
    const verdict = judge(canary, stable, at(12, 0.5));
    expect(verdict.figures.errors.pValue).toBeLessThan(0.01);
    expect(verdict.figures.lcp.pValue).toBeLessThan(0.01);
    expect(verdict.action).toBe('advance');
  });

  it('waits while there is too little data and too little time', () => {
    const verdict = judge(cohort(40, { vitals: 0.5 }), cohort(760, { errors: 2 }), at(3));
    expect(verdict.action).toBe('wait');
    expect(verdict.reasons).toEqual([
      'only 40 canary views so far, 200 needed',
      'LCP: 20 canary and 760 stable observations, 30 each needed',
      'INP: 12 canary and 456 stable observations, 30 each needed',
      '3 of 10 minutes at this step',
    ]);
  });

  it('waits out the minimum time even with data enough', () => {
    expect(judge(healthy(), STABLE, at(9))).toMatchObject({ action: 'wait', reasons: ['9 of 10 minutes at this step'] });
  });

  it('holds, and never advances, when the data stays short past the limit', () => {
    const verdict = judge(cohort(40), cohort(760), at(75));
    expect(verdict.action).toBe('hold');
    expect(verdict.reasons[0]).toBe('still no verdict after 75 min at this step (limit 60 min): a human must look');
    expect(verdict.reasons).toContain('only 40 canary views so far, 200 needed');
    expect(judge(cohort(0), cohort(0), at(120)).action).toBe('hold');
    // Views enough, but the canary's pages report no vitals.
    expect(judge(healthy({ vitals: 0 }), STABLE, at(75)).action).toBe('hold');
  });

  it('holds on a sample ratio mismatch: a 5% step whose canary has 30% of the views', () => {
    const verdict = judge(cohort(3000, { errors: 9, loadFailures: 3 }), cohort(7000, { errors: 21, loadFailures: 7 }), at(20));
    expect(verdict.action).toBe('hold');
    expect(verdict.reasons).toEqual([
      expect.stringMatching(/^sample ratio mismatch: the canary has 30% of views, 5% expected \(3000 of 10000, p(=|≈)/),
    ]);
    expect(verdict.figures.srm).toEqual({ observedShare: 0.3, pValue: expect.any(Number) });
  });

  it('checks the split on the cohorts shoppers were assigned, when given: a shopper’s first page comes before their cohort', () => {
    // A third of the canary cohort's pages were their first, on the stable build; the assignment itself is 5%.
    const canary = { ...healthy(), views: 667, assignedViews: 1000 };
    const stable = { ...STABLE, views: 19_333, assignedViews: 19_000 };
    expect(judge({ ...canary, assignedViews: undefined }, { ...stable, assignedViews: undefined }, at(15)).action).toBe('hold');
    expect(judge(canary, stable, at(15)).action).toBe('advance');
  });

  it('holds as soon as the canary gets no views at all while stable does', () => {
    expect(judge(cohort(0), STABLE, at(2)).action).toBe('hold');
  });

  it('puts harm before a mismatch, and a mismatch before waiting', () => {
    expect(judge(cohort(3000, { errors: 900 }), cohort(7000, { errors: 21 }), at(20)).action).toBe('abort');
    expect(judge(cohort(3000), cohort(7000), at(2)).action).toBe('hold');
  });

  it('does not abort on zero errors in both', () => {
    const verdict = judge(healthy({ errors: 0 }), cohort(19_000, { loadFailures: 19 }), at(15));
    expect(verdict.action).toBe('advance');
    expect(verdict.figures.errors).toMatchObject({ pValue: 1, ratio: 1 });
  });

  it('waits rather than aborts on a few canary errors where stable has none, and aborts once they are enough', () => {
    const stable = cohort(19_000, { loadFailures: 19 });
    const few = judge(healthy({ errors: 3 }), stable, at(15));
    expect(few.action).toBe('wait');
    expect(few.reasons).toEqual([expect.stringMatching(/^errors: .*: worse, but 3 canary events are too few to act on \(5 needed\)$/)]);
    expect(few.figures.errors.ratio).toBeNull();
    expect(judge(healthy({ errors: 6 }), stable, at(15)).action).toBe('abort');
  });

  it('refuses a step without a stable cohort to compare with', () => {
    expect(() => judge(healthy(), cohort(0), at(15, 1))).toThrow(RangeError);
  });
});
