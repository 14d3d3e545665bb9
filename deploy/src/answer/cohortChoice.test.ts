import { rolloutRecord } from '../testing/fixtures.ts';
import { assignedCohort, chooseCohort, isTester, withCohort, withoutStale, type RequestClaims } from './cohortChoice.ts';

const rollout = rolloutRecord({ id: 'r1' });
const claims = (change: Partial<RequestClaims>): RequestClaims => ({ cookie: null, cohortHeader: null, overrideHeader: null, ...change });

describe('chooseCohort', () => {
  it('with no rollout, serves everyone the one set of pages, shared as before', () => {
    expect(chooseCohort(claims({}), undefined)).toEqual({ cohort: 'stable', shared: true });
    expect(chooseCohort(claims({ cookie: 'maison_cohort=r0.stable' }), undefined)).toEqual({
      cohort: 'stable',
      shared: true,
      vary: 'Cookie',
    });
  });

  it('while it splits shoppers, a claim of the canary it cannot honour is answered privately: a CDN would keep it under the canary’s key', () => {
    expect(chooseCohort(claims({ cookie: 'maison_cohort=r0.canary' }), rollout)).toMatchObject({ cohort: 'stable', shared: false });
    expect(chooseCohort(claims({ cohortHeader: 'x y.canary' }), rollout)).toMatchObject({ cohort: 'stable', shared: false });
  });

  it('once no rollout splits shoppers (aborted, promoted), a canary-keyed request’s answer is shared: it replaces the canary’s copy', () => {
    for (const claim of ['r1.canary', 'r0.canary', 'x y.canary'])
      expect(chooseCohort(claims({ cohortHeader: claim }), undefined)).toEqual({
        cohort: 'stable',
        shared: true,
        keyedCanary: true,
        vary: 'X-Maison-Cohort',
      });
    expect(chooseCohort(claims({ cookie: 'maison_cohort=r1.canary' }), undefined)).toEqual({
      cohort: 'stable',
      shared: true,
      keyedCanary: true,
      vary: 'Cookie',
    });
    // A tester's override still is the tester's alone.
    expect(chooseCohort(claims({ cohortHeader: 'r1.canary', overrideHeader: 'cart@0.2.0+new' }), undefined)).toMatchObject({
      shared: false,
      override: expect.stringMatching(/^refused: /),
    });
  });

  it('while it splits shoppers, honours this rollout’s claim, from the CDN’s header before the cookie', () => {
    expect(chooseCohort(claims({ cookie: 'a=1; maison_cohort=r1.canary' }), rollout)).toEqual({
      cohort: 'canary',
      shared: true,
      keyedCanary: true,
      vary: 'Cookie',
    });
    expect(chooseCohort(claims({ cookie: 'maison_cohort=r1.stable' }), rollout)).toEqual({
      cohort: 'stable',
      shared: true,
      vary: 'Cookie',
    });
    expect(chooseCohort(claims({ cookie: 'maison_cohort=r1.stable', cohortHeader: 'r1.canary' }), rollout)).toEqual({
      cohort: 'canary',
      shared: true,
      keyedCanary: true,
      vary: 'X-Maison-Cohort',
    });
    // A first visit: no claim yet, the baseline's pages, which a CDN keeps under the baseline's key.
    expect(chooseCohort(claims({ cohortHeader: 'none' }), rollout)).toEqual({ cohort: 'stable', shared: true, vary: 'X-Maison-Cohort' });
    expect(chooseCohort(claims({}), rollout)).toEqual({ cohort: 'stable', shared: true, vary: 'Cookie' });
  });

  it('honours a tester’s override of a build it serves, privately, and says so', () => {
    expect(chooseCohort(claims({ cookie: 'maison_build=cart@0.2.0+new' }), rollout)).toEqual({
      cohort: 'canary',
      shared: false,
      override: 'cart@0.2.0+new',
    });
    expect(chooseCohort(claims({ cookie: 'maison_cohort=r1.canary', overrideHeader: 'cart@0.1.0+old' }), rollout)).toMatchObject({
      cohort: 'stable',
      shared: false,
    });
  });

  it('refuses an override that names no build it serves, or a URL, and answers as without it, privately', () => {
    for (const asked of ['cart@9.9.9', 'catalog@0.2.0+new', 'cart@https://evil.example/mf-manifest.json', 'https://evil.example/'])
      expect(chooseCohort(claims({ overrideHeader: asked, cookie: 'maison_cohort=r1.canary' }), rollout)).toMatchObject({
        cohort: 'canary',
        shared: false,
        override: expect.stringMatching(/^refused: /),
      });
    expect(chooseCohort(claims({ overrideHeader: 'cart@0.2.0+new' }), undefined)).toMatchObject({ cohort: 'stable', shared: false });
  });
});

describe('withCohort', () => {
  const PAGE = { 'Cache-Control': 'public, max-age=0, must-revalidate, s-maxage=10, stale-while-revalidate=60', Vary: 'Accept-Encoding' };

  it('keeps what the canary key gets fresh only: never served stale, so what that key answers next reaches the cache in its fresh time', () => {
    for (const choice of [
      chooseCohort(claims({ cohortHeader: 'r1.canary' }), rollout),
      chooseCohort(claims({ cohortHeader: 'r1.canary' }), undefined),
    ])
      expect(withCohort(PAGE, choice)).toEqual({
        'Cache-Control': 'public, max-age=0, must-revalidate, s-maxage=10',
        Vary: 'Accept-Encoding, X-Maison-Cohort',
      });
    expect(withCohort(PAGE, chooseCohort(claims({ cohortHeader: 'r1.stable' }), rollout))['Cache-Control']).toBe(PAGE['Cache-Control']);
    expect(withCohort(PAGE, chooseCohort(claims({ cohortHeader: 'r0.canary' }), rollout))['Cache-Control']).toBe('private, no-store');
    expect(withCohort({ Vary: 'Accept' }, chooseCohort(claims({ cohortHeader: 'r1.canary' }), rollout))).toEqual({
      Vary: 'Accept, X-Maison-Cohort',
    });
  });

  it('drops stale-while-revalidate alone', () => {
    expect(withoutStale('public, s-maxage=10, stale-while-revalidate=60, stale-if-error=600')).toBe(
      'public, s-maxage=10, stale-if-error=600',
    );
    expect(withoutStale('no-cache')).toBe('no-cache');
  });
});

describe('beacons', () => {
  it('tell testers apart and carry the cohort this rollout assigned', () => {
    expect(isTester(claims({ cookie: 'maison_build=cart@1' }))).toBe(true);
    expect(isTester(claims({ cookie: 'maison_cohort=r1.canary' }))).toBe(false);
    expect(assignedCohort(claims({ cookie: 'maison_cohort=r1.canary' }), rollout)).toBe('canary');
    expect(assignedCohort(claims({ cookie: 'maison_cohort=r0.canary' }), rollout)).toBeUndefined();
    expect(assignedCohort(claims({ cookie: 'maison_cohort=r1.canary' }), undefined)).toBeUndefined();
  });
});
