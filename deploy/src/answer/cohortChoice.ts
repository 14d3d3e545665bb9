/**
 * Which cohort's pages an answer is made from, and whether a shared cache may keep it: while a
 * rollout splits shoppers, only the cohort the cache key names, so no cache serves one cohort's page
 * to the other; once none splits, every key shares one page, never kept stale under the canary key.
 */
// Why: docs/operations.md, "Behind a CDN" (how an abort reaches cached pages).
import {
  cohortClaimOf,
  cookieOf,
  COHORT_COOKIE,
  COHORT_HEADER,
  OVERRIDE_COOKIE,
  OVERRIDE_HEADER,
  overrideOf,
  type Cohort,
  type RolloutRecord,
} from '@maison/host/contract';
import { CACHE_CONTROL } from './cacheControl.ts';
import { withVary } from './http.ts';

export interface CohortChoice {
  cohort: Cohort;
  /** Whether a shared cache may keep the answer (Cache-Control: private, no-store otherwise). */
  shared: boolean;
  /** The request has the canary key (its claim's last word): a shared copy of the answer is never served stale. */
  keyedCanary?: true;
  /** The request header the answer depends on, when it depends on one. */
  vary?: 'Cookie' | 'X-Maison-Cohort';
  /** Said back to a tester who asked for a build (X-Maison-Override). */
  override?: string;
}

export interface RequestClaims {
  cookie: string | null;
  cohortHeader: string | null;
  overrideHeader: string | null;
}

export const claimsOf = (headers: Headers): RequestClaims => ({
  cookie: headers.get('cookie'),
  cohortHeader: headers.get(COHORT_HEADER),
  overrideHeader: headers.get(OVERRIDE_HEADER),
});

/** The cohort an answer is made from; `rollout`: the one that splits shoppers and whose canary pages are served now. */
export function chooseCohort(claims: RequestClaims, rollout: RolloutRecord | undefined): CohortChoice {
  const fromHeader = claims.cohortHeader !== null;
  const raw = fromHeader ? claims.cohortHeader : cookieOf(claims.cookie, COHORT_COOKIE);
  const claim = cohortClaimOf(raw);
  // What a CDN keys on: the claim's last word, whatever else it says.
  const keyedCanary = raw?.endsWith('.canary') ?? false;
  const honoured = rollout !== undefined && claim?.rollout === rollout.id ? claim.cohort : 'stable';
  // While a rollout splits shoppers, a shared answer is the cohort its key names; with none, every key's page is the same one.
  const shared = rollout === undefined || (honoured === 'canary') === keyedCanary;
  const vary = rollout || raw ? (fromHeader ? 'X-Maison-Cohort' : 'Cookie') : undefined;
  const choice: CohortChoice = { cohort: honoured, shared, ...(keyedCanary ? { keyedCanary } : {}), ...(vary ? { vary } : {}) };

  const asked = claims.overrideHeader ?? cookieOf(claims.cookie, OVERRIDE_COOKIE);
  if (asked === undefined || asked === null) return choice;
  const override = overrideOf(asked);
  const refused = (why: string) => ({ ...choice, shared: false, override: `refused: ${why}` });
  if (!override) return refused('not <remote>@<build>');
  if (!rollout || override.remote !== rollout.remote) return refused(`${override.remote} has one build served now`);
  if (override.build === rollout.canaryBuild) return { cohort: 'canary', shared: false, override: `${override.remote}@${override.build}` };
  if (override.build === rollout.stableBuild) return { cohort: 'stable', shared: false, override: `${override.remote}@${override.build}` };
  return refused(`${override.build} is not a build of ${override.remote} served now (${rollout.stableBuild}, ${rollout.canaryBuild})`);
}

/** Whether a beacon's request comes from a tester (an override asked for): kept out of the judgement. */
export const isTester = (claims: RequestClaims): boolean =>
  claims.overrideHeader !== null || cookieOf(claims.cookie, OVERRIDE_COOKIE) !== undefined;

/** The cohort a beacon's page load was assigned to in this rollout (its cookie), if any. */
export function assignedCohort(claims: RequestClaims, rollout: RolloutRecord | undefined): Cohort | undefined {
  const claim = cohortClaimOf(claims.cohortHeader ?? cookieOf(claims.cookie, COHORT_COOKIE));
  return rollout && claim?.rollout === rollout.id ? claim.cohort : undefined;
}

/** Cache-Control without stale-while-revalidate: a shared cache keeps the answer its fresh time, then asks again before serving it. */
export const withoutStale = (cacheControl: string): string =>
  cacheControl
    .split(',')
    .map((directive) => directive.trim())
    .filter((directive) => !/^stale-while-revalidate\b/i.test(directive))
    .join(', ');

/**
 * An answer's headers as its cohort choice has them: private when no shared cache may keep it, never
 * served stale when kept under the canary key, the header it varies on, a tester's override said back.
 */
export function withCohort(headers: Record<string, string>, choice: CohortChoice): Record<string, string> {
  const kept = (cacheControl: string | undefined) => (choice.keyedCanary && cacheControl ? withoutStale(cacheControl) : cacheControl);
  const cacheControl = choice.shared ? kept(headers['Cache-Control']) : CACHE_CONTROL.personal;
  const cached = cacheControl === undefined ? headers : { ...headers, 'Cache-Control': cacheControl };
  const varied = choice.vary ? withVary(cached, choice.vary) : cached;
  return choice.override ? { ...varied, 'X-Maison-Override': choice.override } : varied;
}
