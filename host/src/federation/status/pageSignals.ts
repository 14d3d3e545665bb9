import type { RemoteRecords } from '../core/remoteRecords';
import type { Signal } from '../../contract/observe/beacon';
import { MAX_BUILD, MAX_PAGE, MAX_URL, PAGE_LOAD_PATH } from '../../contract/observe/beaconLimits';
import { COHORT_COOKIE, cookieOf, MOVED_KEY } from '../../contract/rollout/cohorts';
import { sendBeacons, whenHidden, type BeaconHead } from './beacons';

/** The page load's beacon records from its very start: views, loads, failures and uncaught errors. */
// Why: docs/decisions/federation-runtime.md#status-chunk
export type PageSignals = ReturnType<typeof startPageSignals>;

/** A loop that throws on every frame says nothing new after its first few. */
const MAX_ERRORS = 50;

/** The remote whose build folder appears first in the first text that names one (file, then stack), or `host`. */
export function errorSource(texts: ReadonlyArray<string | undefined>, folders: ReadonlyMap<string, string>): string {
  for (const text of texts) {
    let found: { at: number; folder: string; remote: string } | undefined;
    for (const [folder, remote] of folders) {
      const at = text?.indexOf(folder) ?? -1;
      if (at >= 0 && (!found || at < found.at || (at === found.at && folder.length > found.folder.length))) found = { at, folder, remote };
    }
    if (found) return found.remote;
  }
  return 'host';
}

const stackOf = (thrown: unknown) => {
  const stack = (thrown as { stack?: unknown } | null | undefined)?.stack;
  return typeof stack === 'string' ? stack : undefined;
};
const within = (text: string | null | undefined, most: number) => (text && text.length <= most ? text : null);

/** Whether this page load was made to move its shopper between cohorts (followRollout.ts says so just before); asked once. */
function madeToMove(target: Window): boolean {
  try {
    const moved = target.sessionStorage.getItem(MOVED_KEY) !== null;
    target.sessionStorage.removeItem(MOVED_KEY);
    return moved;
  } catch {
    return false;
  }
}

/**
 * The page load's token (deploy's answer/beacons/pageLoadTokens.ts), asked for with the cohort the page came
 * with (read now, before the rollout's code may change the cookie) once the page has loaded, so that
 * it never competes with what the first view needs; sooner if the page is hidden first. None if refused.
 */
function pageLoadToken(target: Window): Promise<string | undefined> {
  const query = new URLSearchParams();
  const cohort = cookieOf(target.document.cookie, COHORT_COOKIE);
  if (cohort) query.set('cohort', cohort);
  if (madeToMove(target)) query.set('moved', '1');
  const ask = async () => {
    try {
      const init = { method: 'POST', cache: 'no-store', credentials: 'same-origin', keepalive: true } as const;
      const answer = await target.fetch(`${PAGE_LOAD_PATH}?${query}`, init);
      const body = answer.ok ? ((await answer.json()) as { token?: unknown }) : undefined;
      return typeof body?.token === 'string' && body.token.length <= 1024 ? body.token : undefined;
    } catch {
      return undefined;
    }
  };
  if (target.document.readyState === 'complete') return ask();
  return new Promise((resolve) => {
    const early = new AbortController();
    const now = () => (early.abort(), resolve(ask()));
    target.addEventListener('load', now, { signal: early.signal });
    whenHidden(now, target, early.signal);
  });
}

/** Sends a page load's records in beacons with its token; those before the token wait for it, and none go if it is refused. */
function beaconSender(head: BeaconHead, target: Window) {
  let token: string | undefined;
  let refused = false;
  let unsent: Signal[] = [];
  void pageLoadToken(target).then((given) => {
    token = given;
    refused = given === undefined;
    if (given && unsent.length > 0) sendBeacons(unsent, head, given);
    unsent = [];
  });
  return (batch: readonly Signal[]) => {
    if (token) sendBeacons(batch, head, token);
    else if (!refused) unsent.push(...batch);
  };
}

type Hand = (record: Signal) => void;

/** Each remote loaded or failed, as a record; `folders` learns where each loaded remote's code lives. */
function reportLoads(records: RemoteRecords, head: BeaconHead, folders: Map<string, string>, page: () => string, hand: Hand) {
  records.listen((event) => {
    if (event.type === 'loaded') {
      const build = within(event.buildVersion, MAX_BUILD);
      folders.set(new URL('.', event.url).href, event.remote);
      if (build) head.builds[event.remote] ??= build;
      hand({ kind: 'load', page: page(), remote: event.remote, build, fallback: event.entry > 0 });
    } else if (event.type === 'failed') {
      // Why it failed and which manifest, never the message.
      const { url, reason } = event.failure;
      hand({ kind: 'failure', page: page(), remote: event.remote, url: within(url, MAX_URL), reason });
    }
  });
}

/** The page's uncaught errors, as records naming only the remote they came from (never a message or stack). */
function reportErrors(records: RemoteRecords, folders: Map<string, string>, target: Window, page: () => string, hand: Hand) {
  let errors = 0;
  const error = (...texts: Array<string | undefined>) => {
    if (errors++ >= MAX_ERRORS) return;
    // Configured folders too: a remote's code may throw before its module is reported loaded.
    const named = new Map(folders);
    for (const [remote, record] of Object.entries(records.remotes))
      for (const url of record?.configured ?? []) named.set(new URL('.', url).href, remote);
    hand({ kind: 'error', page: page(), remote: errorSource(texts, named) });
  };
  target.addEventListener('error', (event) => error(event.filename, stackOf(event.error)));
  target.addEventListener('unhandledrejection', (event) => error(stackOf(event.reason)));
}

export function startPageSignals(records: RemoteRecords, hostBuild: string, target: Window = window) {
  const head: BeaconHead = { v: 2, hostBuild, builds: {} };
  const send = beaconSender(head, target);
  const folders = new Map<string, string>();
  let waiting: Signal[] = [];
  let hand: Hand = (record) => waiting.push(record);
  const page = (path = target.location.pathname) => path.slice(0, MAX_PAGE);
  reportLoads(records, head, folders, page, (record) => hand(record));
  reportErrors(records, folders, target, page, (record) => hand(record));

  let hidden = false;
  const beforeTheChunk = new AbortController();
  const sendWaiting = () => {
    hidden = true;
    send(waiting);
    waiting = [];
  };
  whenHidden(sendWaiting, target, beforeTheChunk.signal);

  let shown: string | undefined;
  return {
    /** What every beacon of this page load repeats; `builds` grows as remotes load. */
    head,
    /** Sends records in beacons, once the page load has its token. */
    send,
    /** The page the load opened: the vitals are reported as that page's. */
    landing: page(),
    /** A page shown, by its path; the page already shown is no new view. */
    view(path: string) {
      if (path === shown) return;
      shown = path;
      hand({ kind: 'view', page: page(path) });
    },
    /** Hands `listener` the records not sent yet, then each new one; says whether the page was hidden before. */
    take(listener: (record: Signal) => void) {
      beforeTheChunk.abort();
      for (const record of waiting) listener(record);
      waiting = [];
      hand = listener;
      return hidden;
    },
  };
}
