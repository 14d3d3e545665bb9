import { hasVisitedThisSession, markVisited, nextIntroProgress } from './introTiming';

describe('intro timing', () => {
  it('climbs 2 points a step and stops at 100 (50 steps)', () => {
    let progress = 0;
    let steps = 0;
    while (progress < 100) {
      progress = nextIntroProgress(progress, false);
      steps += 1;
    }
    expect(steps).toBe(50);
    expect(nextIntroProgress(99, false)).toBe(100);
  });

  it('is five times faster under reduced motion', () => {
    expect(nextIntroProgress(0, true)).toBe(10);
  });

  it('remembers the visit in session storage under hasVisited', () => {
    const values = new Map<string, string>();
    const storage = {
      getItem: (k: string) => values.get(k) ?? null,
      setItem: (k: string, v: string) => values.set(k, v),
    } as unknown as Storage;
    expect(hasVisitedThisSession(storage)).toBe(false);
    markVisited(storage);
    expect(values.get('hasVisited')).toBe('true');
    expect(hasVisitedThisSession(storage)).toBe(true);
  });
});
