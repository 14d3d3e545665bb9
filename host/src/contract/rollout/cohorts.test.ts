import * as v from 'valibot';
import { BUCKETS, cohortClaimOf, cohortClaimValue, cohortOfBucket, cookieOf, bucketOf, overrideOf, ROLLOUT_ANNOUNCEMENT } from './cohorts';

describe('a bucket’s cohort', () => {
  it('puts the share’s lowest buckets in the canary, and no one at 0 %, everyone at 100 %', () => {
    const canary = (share: number) =>
      Array.from({ length: BUCKETS }, (_, bucket) => cohortOfBucket(bucket, share)).filter((c) => c === 'canary').length;
    expect(canary(0)).toBe(0);
    expect(canary(5)).toBe(500);
    expect(canary(25)).toBe(2500);
    expect(canary(100)).toBe(BUCKETS);
    expect(canary(0.01)).toBe(1);
  });

  it('keeps everyone already in the canary when the share grows', () => {
    for (const bucket of [0, 499, 2499, 4999]) {
      const shares = [5, 25, 50, 100].filter((share) => cohortOfBucket(bucket, share) === 'canary');
      expect(shares).toEqual([5, 25, 50, 100].filter((share) => share >= shares[0]!));
    }
  });

  it('reads a bucket only as the page writes it', () => {
    expect(bucketOf('0')).toBe(0);
    expect(bucketOf('9999')).toBe(9999);
    for (const bad of [undefined, '', '10000', '-1', '1.5', '12a', ' 12']) expect(bucketOf(bad)).toBeUndefined();
  });
});

describe('the cohort cookie', () => {
  it('round-trips, and refuses anything else', () => {
    const claim = { rollout: '20261126-173500-ab12', cohort: 'canary' as const };
    expect(cohortClaimOf(cohortClaimValue(claim))).toEqual(claim);
    expect(cohortClaimOf('r1.stable')).toEqual({ rollout: 'r1', cohort: 'stable' });
    for (const bad of [undefined, null, '', 'canary', '.canary', 'r1.beta', 'r 1.canary', 'r1.canary.x', `${'r'.repeat(41)}.canary`])
      expect(cohortClaimOf(bad)).toBeUndefined();
  });
});

describe('a tester’s build override', () => {
  it('names a remote and a build, never a URL', () => {
    expect(overrideOf('cart@0.1.0+5356f0f038')).toEqual({ remote: 'cart', build: '0.1.0+5356f0f038' });
    for (const bad of ['cart', '@1.0', 'cart@', 'cart@https://evil.example/mf-manifest.json', 'cart@../x', 'Cart@1', 'cart@1 2'])
      expect(overrideOf(bad)).toBeUndefined();
  });
});

describe('a Cookie header', () => {
  it('gives the named cookie’s value, the first of that name', () => {
    expect(cookieOf('a=1; maison_cohort=r1.canary; b=2', 'maison_cohort')).toBe('r1.canary');
    expect(cookieOf('maison_cohort2=x; maison_cohort=y; maison_cohort=z', 'maison_cohort')).toBe('y');
    expect(cookieOf('a=1', 'maison_cohort')).toBeUndefined();
    expect(cookieOf(null, 'a')).toBeUndefined();
  });
});

describe('/rollout.json', () => {
  it('is {} or a whole rollout', () => {
    expect(v.is(ROLLOUT_ANNOUNCEMENT, {})).toBe(true);
    const rollout = {
      id: 'r1',
      remote: 'cart',
      state: 'running',
      share: 5,
      canary: ['https://c.example/mf-manifest.json'],
      stable: ['/cart/mf-manifest.json'],
    };
    expect(v.is(ROLLOUT_ANNOUNCEMENT, rollout)).toBe(true);
    expect(v.is(ROLLOUT_ANNOUNCEMENT, { ...rollout, share: 101 })).toBe(false);
    expect(v.is(ROLLOUT_ANNOUNCEMENT, { ...rollout, state: 'paused' })).toBe(false);
    expect(v.is(ROLLOUT_ANNOUNCEMENT, { id: 'r1' })).toBe(false);
  });
});
