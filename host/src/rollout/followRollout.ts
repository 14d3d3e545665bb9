/**
 * The page's side of a gradual rollout (cohort.ts): it draws the shopper's bucket once, keeps the
 * cohort cookie true to the rollout the servers announce, and notices when this page runs another
 * build of the remote than the shopper's cohort now gets (their first page, before they had a
 * cohort; a share raised; an abort). Such a page is left by a whole page load at the next move:
 * a link followed loads its page afresh, a move made otherwise reloads once it is shown. The
 * cart lives in storage, so nothing is lost; one reload per rollout and tab at most, so a cache
 * that still answers the other cohort never makes a loop. A tester's override is never moved.
 */
import * as v from 'valibot';
import {
  BUCKET_COOKIE,
  BUCKET_MAX_AGE_S,
  BUCKETS,
  bucketOf,
  cohortClaimValue,
  cohortOfBucket,
  COHORT_COOKIE,
  cookieOf,
  isActive,
  isRollout,
  MOVED_KEY,
  OVERRIDE_COOKIE,
  overrideOf,
  ROLLOUT_ANNOUNCEMENT,
  ROLLOUT_PATH,
  type RolloutAnnouncement,
} from '../contract/rollout/cohorts';

/** How often a page left open asks again (a shopper who keeps reading meets an abort at their next move). */
const RECHECK_MS = 60_000;
const RELOADED_KEY = 'maison_rollout_reloaded';

export interface RolloutPage {
  /** The manifest this page's remotes.json names first for a remote (absolute), once read. */
  firstChoice(remote: string): Promise<string | undefined>;
  /** The first ask waits for this (the page's own code first). */
  startAfter?: Promise<unknown>;
  doc?: Document;
  fetch?: typeof globalThis.fetch;
  storage?: () => Storage;
  reload?: () => void;
  assign?: (url: string) => void;
  /** Stops following (a test's teardown). */
  signal?: AbortSignal;
}

function setCookie(doc: Document, name: string, value: string, maxAge: number) {
  const secure = doc.location?.protocol === 'https:' ? '; Secure' : '';
  doc.cookie = `${name}=${value}; Path=/; Max-Age=${maxAge}; SameSite=Lax${secure}`;
}

const sameUrl = (a: string | undefined, b: string | undefined, base: string) => {
  if (!a || !b) return false;
  try {
    return new URL(a, base).href === new URL(b, base).href;
  } catch {
    return false;
  }
};

/** Whether a page running `runs` first for the rollout's remote should be left for the shopper's cohort's build. */
export function runsOtherBuild(announcement: RolloutAnnouncement, bucket: number, runs: string | undefined, base: string): boolean {
  if (!isRollout(announcement)) return false;
  const runsCanary = sameUrl(runs, announcement.canary[0], base);
  if (isActive(announcement.state)) return (cohortOfBucket(bucket, announcement.share) === 'canary') !== runsCanary;
  // Promoted: the canary's build is everyone's now, the page may stay. Aborted: nobody runs it.
  return announcement.state === 'aborted' && runsCanary;
}

export function followRollout({
  firstChoice,
  startAfter = Promise.resolve(),
  doc = document,
  fetch = (...args) => globalThis.fetch(...args),
  storage = () => window.sessionStorage,
  reload = () => window.location.reload(),
  assign = (url) => window.location.assign(url),
  signal,
}: RolloutPage): { pageShown(): void; checked(): Promise<void> } {
  const following: Following = {
    doc,
    fetch,
    firstChoice,
    bucket: drawnBucket(doc),
    overridden: overrideOf(cookieOf(doc.cookie, OVERRIDE_COOKIE)) !== undefined,
    leave: undefined,
  };
  const mayLeave = (reason: string) => mayLeaveOnce(storage, reason);
  let last: Promise<void> = Promise.resolve();
  const check = () => checkRollout(following);
  const checkNow = () => (last = check());

  doc.addEventListener('click', leaveByLink(following, mayLeave, assign), { capture: true, signal });
  doc.addEventListener('visibilitychange', () => doc.visibilityState === 'visible' && void checkNow(), { signal });
  const recheck = setInterval(() => doc.visibilityState === 'visible' && void checkNow(), RECHECK_MS);
  signal?.addEventListener('abort', () => clearInterval(recheck));
  last = startAfter.then(check, check);

  let shown = 0;
  return {
    /** Each page shown: the first is this load's; after a move, ask again, and reload into the cohort's build if need be. */
    pageShown() {
      shown += 1;
      if (shown === 1) return;
      void checkNow().then(() => {
        if (following.leave && mayLeave(following.leave)) reload();
      });
    },
    checked: () => last,
  };
}

/** What a page following the rollout knows: the shopper's bucket, whether a tester overrides it, and why to leave, if it should. */
interface Following {
  doc: Document;
  fetch: typeof globalThis.fetch;
  firstChoice: RolloutPage['firstChoice'];
  bucket: number;
  overridden: boolean;
  /** Set while this page runs the other build: why, once per rollout and cohort (the reload guard's key). */
  leave: string | undefined;
}

/** The shopper's bucket from its cookie, or drawn now and kept in it. */
function drawnBucket(doc: Document): number {
  let bucket = bucketOf(cookieOf(doc.cookie, BUCKET_COOKIE));
  if (bucket === undefined) {
    bucket = crypto.getRandomValues(new Uint16Array(1))[0]! % BUCKETS;
    setCookie(doc, BUCKET_COOKIE, String(bucket), BUCKET_MAX_AGE_S);
  }
  return bucket;
}

/** The reload guard: true the first time for `reason` in this tab (noted in storage), false after, or without storage. */
function mayLeaveOnce(storage: () => Storage, reason: string): boolean {
  try {
    if (storage().getItem(RELOADED_KEY) === reason) return false;
    storage().setItem(RELOADED_KEY, reason);
    // The next page load is made to move the shopper: its vitals are not compared (answer/beacons/beaconReceiver.ts in deploy).
    storage().setItem(MOVED_KEY, '1');
    return true;
  } catch {
    return false;
  }
}

/** Asks the servers for the rollout: keeps the cohort cookie true to it, and notes whether this page should be left (and why). */
async function checkRollout(following: Following): Promise<void> {
  const { doc, fetch, firstChoice, bucket: mine, overridden } = following;
  const answer = await fetch(ROLLOUT_PATH, { cache: 'no-store', credentials: 'same-origin' }).catch(() => undefined);
  if (!answer?.ok) return;
  const parsed = v.safeParse(ROLLOUT_ANNOUNCEMENT, await answer.json().catch(() => undefined));
  if (!parsed.success) return;
  const announcement = parsed.output;
  if (isRollout(announcement) && isActive(announcement.state)) {
    const cohort = cohortOfBucket(mine, announcement.share);
    setCookie(doc, COHORT_COOKIE, cohortClaimValue({ rollout: announcement.id, cohort }), BUCKET_MAX_AGE_S);
  } else if (cookieOf(doc.cookie, COHORT_COOKIE) !== undefined) {
    setCookie(doc, COHORT_COOKIE, '', 0);
  }
  if (overridden || !isRollout(announcement)) return void (following.leave = undefined);
  const runs = await firstChoice(announcement.remote);
  const towards = isActive(announcement.state) ? cohortOfBucket(mine, announcement.share) : announcement.state;
  following.leave = runsOtherBuild(announcement, mine, runs, doc.baseURI) ? `${announcement.id}.${towards}` : undefined;
}

/** A link followed while the page runs the other build: a whole page load, before the router moves. */
function leaveByLink(following: Following, mayLeave: (reason: string) => boolean, assign: (url: string) => void) {
  const { doc } = following;
  return (event: MouseEvent) => {
    const { leave } = following;
    const link = (event.target as Element | null)?.closest?.('a[href]');
    if (!leave || event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    if (!(link instanceof HTMLAnchorElement) || link.origin !== doc.location.origin || link.target) return;
    // A link within this document (a #fragment) loads no page: nobody would be moved.
    if (link.pathname === doc.location.pathname && link.search === doc.location.search && link.hash) return;
    if (!mayLeave(leave)) return;
    event.preventDefault();
    event.stopImmediatePropagation();
    assign(link.href);
  };
}
