/** A remote shipped gradually: what the page and the servers must agree on (docs/operations.md, "Ship a remote gradually"). */
// A bucket below the share is the canary cohort; the page keeps it in `<rollout id>.<cohort>`, the servers never set a cookie.
import * as v from 'valibot';
import { REMOTE_NAME } from '../names.ts';

/** What the servers say of the rollout now: no-store, asked on start and at each move in the page. */
export const ROLLOUT_PATH = '/rollout.json';
export const BUCKET_COOKIE = 'maison_bucket';
export const COHORT_COOKIE = 'maison_cohort';
/** Set by a CDN from the cohort cookie (its key has the cohort alone); the servers read it before the cookie. */
export const COHORT_HEADER = 'x-maison-cohort';
export const OVERRIDE_COOKIE = 'maison_build';
export const OVERRIDE_HEADER = 'x-maison-build';
/** Set (session storage) just before a page load made to move a shopper between cohorts; that page load takes it. */
export const MOVED_KEY = 'maison_rollout_moved';
export const BUCKETS = 10_000;
/** A bucket's life: a shopper stays in their cohort across visits (400 days is the most browsers keep a cookie). */
export const BUCKET_MAX_AGE_S = 400 * 24 * 3600;

export const COHORTS = ['canary', 'stable'] as const;
export type Cohort = (typeof COHORTS)[number];
export const ROLLOUT_STATES = ['running', 'held', 'promoted', 'aborted'] as const;
export type RolloutState = (typeof ROLLOUT_STATES)[number];

/** A rollout's id, as rollout.json and the cohort cookie carry it. */
export const ROLLOUT_ID = /^[A-Za-z0-9-]{1,40}$/;
const BUILD = /^[A-Za-z0-9.+_-]{1,80}$/;

const manifests = v.pipe(v.array(v.pipe(v.string(), v.maxLength(2048))), v.maxLength(8));
export const ROLLOUT_ANNOUNCEMENT = v.union([
  v.strictObject({}),
  v.object({
    id: v.pipe(v.string(), v.regex(ROLLOUT_ID)),
    remote: v.pipe(v.string(), v.regex(REMOTE_NAME)),
    state: v.picklist(ROLLOUT_STATES),
    /** Percent of shoppers in the canary cohort. */
    share: v.pipe(v.number(), v.minValue(0), v.maxValue(100)),
    /** The remote's remotes.json entries in each cohort (the canary's, and the build it is judged against). */
    canary: manifests,
    stable: manifests,
  }),
]);
/** /rollout.json: `{}` when no rollout was ever started. */
export type RolloutAnnouncement = v.InferOutput<typeof ROLLOUT_ANNOUNCEMENT>;
export type Rollout = Exclude<RolloutAnnouncement, Record<string, never>>;

export const isRollout = (announcement: RolloutAnnouncement): announcement is Rollout => 'id' in announcement;
/** Whether shoppers are split now (a held rollout keeps its split while a person looks). */
export const isActive = (state: RolloutState): boolean => state === 'running' || state === 'held';

/** The cohort of a bucket at a share: the lowest buckets first, so a bigger share keeps everyone already in. */
export function cohortOfBucket(bucket: number, sharePercent: number): Cohort {
  return bucket < Math.round((sharePercent / 100) * BUCKETS) ? 'canary' : 'stable';
}

export function bucketOf(value: string | undefined): number | undefined {
  if (value === undefined || !/^\d{1,4}$/.test(value)) return undefined;
  return Number(value);
}

export interface CohortClaim {
  rollout: string;
  cohort: Cohort;
}

export const cohortClaimValue = ({ rollout, cohort }: CohortClaim): string => `${rollout}.${cohort}`;

/** The cohort a cookie (or a CDN's header) claims; none for anything else. */
export function cohortClaimOf(value: string | null | undefined): CohortClaim | undefined {
  const dot = value?.lastIndexOf('.') ?? -1;
  if (!value || dot < 1) return undefined;
  const rollout = value.slice(0, dot);
  const cohort = value.slice(dot + 1);
  return ROLLOUT_ID.test(rollout) && (COHORTS as readonly string[]).includes(cohort) ? { rollout, cohort: cohort as Cohort } : undefined;
}

export interface BuildOverride {
  remote: string;
  build: string;
}

/** A tester's ask, `<remote>@<build>`; none for anything else (a URL never is one). */
export function overrideOf(value: string | null | undefined): BuildOverride | undefined {
  const at = value?.indexOf('@') ?? -1;
  if (!value || at < 1) return undefined;
  const remote = value.slice(0, at);
  const build = value.slice(at + 1);
  return REMOTE_NAME.test(remote) && BUILD.test(build) ? { remote, build } : undefined;
}

/** A cookie's value from a Cookie header (the first of that name); none when absent. */
export function cookieOf(header: string | null | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const pair of header.split(';')) {
    const equals = pair.indexOf('=');
    if (equals > 0 && pair.slice(0, equals).trim() === name) return pair.slice(equals + 1).trim();
  }
  return undefined;
}
