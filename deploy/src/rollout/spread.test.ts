/** The judge over client groups: what one client (one group) can and cannot do to a verdict. */
import type { CohortFigures } from './judge.ts';
import { judgeSpread, type GroupFigures } from './spread.ts';

const MINUTE = 60_000;
const step = { share: 0.5, stepStartedAt: 0, now: 20 * MINUTE };

/** A cohort's figures in one group: `views` page loads, each with one view and one LCP of `lcp` seconds. */
function cohort({ views, errors = 0, lcp = 1, assigned = views }: { views: number; errors?: number; lcp?: number; assigned?: number }) {
  const buckets = [0.5, 1, 2, 4, Infinity].map((le) => ({ le, count: lcp <= le ? views : 0 }));
  return { views, assignedViews: assigned, errors, loadFailures: 0, lcp: buckets, inp: buckets.map(({ le }) => ({ le, count: views })) };
}

/** Shoppers in `count` groups of their own, alike in both cohorts; `canary` changes the canary's figures per group. */
function shoppers(count: number, views: number, canary: Partial<Parameters<typeof cohort>[0]> = {}): GroupFigures[] {
  return Array.from({ length: count }, (_, index) => ({
    group: String(index),
    canary: cohort({ views, ...canary }),
    stable: cohort({ views, errors: index === 0 ? 1 : 0 }),
  }));
}

const forger = (canary: CohortFigures, stable: CohortFigures = cohort({ views: 0 })): GroupFigures => ({ group: '15', canary, stable });

describe('the judge over client groups', () => {
  it('advances a healthy canary whose shoppers come from many groups, saying which group it left out', () => {
    const verdict = judgeSpread(shoppers(10, 60), step);
    expect(verdict.action).toBe('advance');
    expect(verdict.reasons.at(-1)).toMatch(/^left out: client groups [\d, ]+ \(the most views or events\)/);
  });

  it('aborts a canary broken for shoppers in many groups', () => {
    const verdict = judgeSpread(shoppers(10, 60, { errors: 6 }), step);
    expect(verdict.action).toBe('abort');
    expect(verdict.reasons[0]).toMatch(/^errors: 10% of canary views/);
  });

  it('does not abort a healthy canary on one client’s errors, however many', () => {
    const flood = forger(cohort({ views: 3000, errors: 3000 }));
    expect(judgeSpread([...shoppers(10, 60), flood], step).action).toBe('advance');
    // Fewer views than the biggest group, but all its errors: left out as the errors' top group.
    const quiet = forger(cohort({ views: 40, errors: 40 }));
    expect(judgeSpread([...shoppers(10, 60), quiet], step).action).toBe('advance');
  });

  it('still aborts a broken canary that one client floods with clean views and fast pages', () => {
    const clean = forger(cohort({ views: 20_000, lcp: 0.4 }));
    const broken = shoppers(10, 60, { errors: 6, lcp: 3 });
    const verdict = judgeSpread([...broken, clean], step);
    expect(verdict.action).toBe('abort');
    expect(verdict.reasons.join('\n')).toMatch(/without client groups 15/);
  });

  it('does not hold on one client’s claim to a cohort (the sample-ratio check leaves out the most page loads)', () => {
    const claims = forger(cohort({ views: 0, assigned: 5000 }));
    expect(judgeSpread([...shoppers(10, 60), claims], step).action).toBe('advance');
  });

  it('holds when harm comes from too few clients to act on, and says so', () => {
    const groups = shoppers(10, 60);
    groups[3]!.canary = cohort({ views: 60, errors: 30 });
    groups[4]!.canary = cohort({ views: 60, errors: 30 });
    const verdict = judgeSpread(groups, step);
    expect(verdict.action).toBe('hold');
    expect(verdict.reasons[0]).toMatch(/^errors: worse, but the canary's come from 1 client groups \(3 needed\)/);
  });

  it('holds when, with the largest left out, one group still carries most of a cohort’s views', () => {
    const groups = [
      ...shoppers(4, 30),
      forger(cohort({ views: 2000 }), cohort({ views: 2000 })),
      { ...forger(cohort({ views: 1500 }), cohort({ views: 1500 })), group: '14' },
    ];
    const verdict = judgeSpread(groups, step);
    expect(verdict.action).toBe('hold');
    expect(verdict.reasons[0]).toMatch(/^one client group carries \d+% of the canary's views/);
  });

  it('holds rather than advance on views from fewer than three groups', () => {
    const verdict = judgeSpread(shoppers(3, 200), step);
    expect(verdict.action).toBe('hold');
    expect(verdict.reasons[0]).toMatch(/fewer than 3 client groups: too few clients to advance on/);
  });
});

describe('the judge over no client groups at all', () => {
  it('waits for data (no series yet in Prometheus)', () => {
    const verdict = judgeSpread([], step);
    expect(verdict.action).toBe('wait');
    expect(verdict.reasons[0]).toMatch(/^only 0 canary views so far/);
  });
});
