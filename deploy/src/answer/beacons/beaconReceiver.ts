/**
 * The pages' beacons (host/src/contract/observe/beacon.ts), received on the shop's own origin. A
 * page first asks `POST /rum/page-load` for its token (pageLoadTokens.ts), then posts its beacons
 * to `/rum?t=<token>`. Refusals come before any body is read and in the order of their cost: another
 * site, the client's rate, no valid token, the size. An accepted beacon is validated against its
 * schema and counted (metrics.ts) with labels from closed sets only (route templates, the remotes
 * and builds of the generations served, the reasons' enum); each page load at most once per signal
 * (pageLoads.ts). Nothing of the shopper is kept: the client's address only counts its rates and
 * picks its group.
 */
// Why: docs/operations.md, "Watching production" and its threat model.
import {
  BEACON,
  cohortClaimOf,
  MAX_BEACON_BYTES,
  PAGE_LOAD_PATH,
  SIGNALS_PATH,
  TOKEN_PARAMETER,
  type ServedRoute,
  type RolloutRecord,
} from '@maison/host/contract';
import * as v from 'valibot';
import { countBeacon, type SignalCounts, type SignalOutcome, type TokenOutcome } from './beaconCounts.ts';
import type { Reply, ReplyHandler } from '../http.ts';
import { onceBody, typeOf } from '../bodies.ts';
import type { KnownBuilds } from './knownBuilds.ts';
import { perClientRate } from '../perClientRate.ts';
import type { RequestContext } from '../requestContext.ts';
import { claimsOf, isTester } from '../cohortChoice.ts';
import { splittingNow } from '../../environment/rolloutRecord.ts';
import type { ServedEnvironment } from '../../environment/served.ts';
import type { HostBuildState } from '../../builds/hostBuild.ts';
import { knownBuilds } from './knownBuilds.ts';
import { pageLoadTokens, signalsKey, type PageLoadTokens } from './pageLoadTokens.ts';
import { pageLoadsHeard, type PageLoadsHeard } from './pageLoads.ts';

export interface BeaconReceiver {
  routes: () => readonly ServedRoute[];
  known: () => KnownBuilds;
  counts: SignalCounts;
  tokens: PageLoadTokens;
  /** The generation served now, which a token names. */
  generation: () => string | undefined;
  /** The rollout splitting shoppers now, if any. */
  rollout?: () => RolloutRecord | undefined;
  /** A client's beacons: a burst, then so many a second. */
  rate?: { burst: number; perSecond: number };
  /** A client's page-load tokens: a burst, then so many a second. */
  tokenRate?: { burst: number; perSecond: number };
}

/** The defaults: a page sends a beacon or two each time it is hidden, and a whole page load is rarer still. */
export const SIGNAL_RATES = { beacons: { burst: 20, perSecond: 1 }, tokens: { burst: 30, perSecond: 0.2 } } as const;

const reply = (status: number, text = '', extra: Record<string, string> = {}): Reply => ({
  status,
  headers: { 'Cache-Control': 'no-store', ...extra },
  ...(text ? { body: onceBody(text, typeOf(text.startsWith('{') ? '.json' : '.txt')) } : {}),
});

/** Whether another site's page sent it: the browser's own Sec-Fetch-Site, else an Origin that is not this host. */
export function fromAnotherSite(headers: Headers): boolean {
  const site = headers.get('sec-fetch-site');
  if (site !== null) return site !== 'same-origin';
  const origin = headers.get('origin');
  if (origin === null) return false;
  const host = headers.get('x-forwarded-host') ?? headers.get('host');
  try {
    return host === null || new URL(origin).host !== host;
  } catch {
    return true;
  }
}

/** The body as text; 'too-large' once it is longer than `cap` bytes (reading stops there); 'cut-off' when the sender stopped sending. */
async function cappedText(request: Request, cap: number): Promise<string | 'too-large' | 'cut-off'> {
  if (Number(request.headers.get('content-length') ?? 0) > cap) return 'too-large';
  const reader = request.body?.getReader();
  if (!reader) return '';
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > cap) return (await reader.cancel(), 'too-large');
      chunks.push(value);
    }
  } catch {
    return 'cut-off';
  }
  return Buffer.concat(chunks).toString('utf8');
}

type Refuse<Outcome> = (outcome: Outcome, status: number, text: string, extra?: Record<string, string>) => Reply;

/** `POST PAGE_LOAD_PATH`, from a page of this shop within its client's rate: the page load's token. */
function issueToken(request: Request, url: URL, client: string, { tokens, generation }: BeaconReceiver): Reply {
  // The cohort the page load came with: the page says it, as its cookie did when the page was asked for.
  const claimed = cohortClaimOf(url.searchParams.get('cohort'));
  const { token } = tokens.issue({
    generation: generation() ?? 'none',
    group: tokens.groupOf(client),
    ...(claimed ? { rollout: claimed.rollout, cohort: claimed.cohort } : {}),
    tester: isTester(claimsOf(request.headers)),
    moved: url.searchParams.get('moved') === '1',
  });
  return reply(200, `${JSON.stringify({ token })}\n`);
}

/** `POST SIGNALS_PATH?t=`: a beacon, refused before its body is read when it can be, else parsed and counted. */
async function receiveBeacon(
  request: Request,
  url: URL,
  { tokens, known, routes, counts, rollout = () => undefined }: BeaconReceiver,
  heard: PageLoadsHeard,
  refuse: Refuse<SignalOutcome>,
): Promise<Reply> {
  const claim = tokens.check(url.searchParams.get(TOKEN_PARAMETER));
  if (claim === 'malformed') return refuse('no-token', 403, 'No page load of this shop\n');
  if (claim === 'forged' || claim === 'expired') return refuse(claim, 403, 'No page load of this shop\n');
  const text = await cappedText(request, MAX_BEACON_BYTES);
  if (text === 'too-large') return refuse('too-large', 413, 'Report too large\n');
  if (text === 'cut-off') return refuse('cut-off', 400, 'Report cut off\n');
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    return refuse('invalid', 400, 'Not a report\n');
  }
  const parsed = v.safeParse(BEACON, raw);
  if (!parsed.success) return refuse('invalid', 400, 'Not a report\n');
  const problem = countBeacon(parsed.output, claim, { known: known(), routes: routes(), heard, counts, rollout: rollout() });
  if (problem) return refuse(problem, 422, 'A build this shop does not serve\n');
  counts.beacon('accepted');
  return reply(204);
}

/** The receiver in front of an answerer's rules: `POST PAGE_LOAD_PATH` and `POST SIGNALS_PATH`, and nothing else. */
export function withBeaconReceiver(next: ReplyHandler, options: BeaconReceiver): ReplyHandler {
  const { counts } = options;
  const beaconsAllowed = perClientRate(options.rate ?? SIGNAL_RATES.beacons);
  const tokensAllowed = perClientRate(options.tokenRate ?? SIGNAL_RATES.tokens);
  const heard = pageLoadsHeard();
  const refused =
    <Outcome>(count: (outcome: Outcome) => void): Refuse<Outcome> =>
    (outcome, status, text, extra) => (count(outcome), reply(status, text, extra));
  const refuseToken = refused<TokenOutcome>((outcome) => counts.token(outcome));
  const refuseBeacon = refused<SignalOutcome>((outcome) => counts.beacon(outcome));

  return async (request: Request, url: URL, context: RequestContext) => {
    const isIssue = url.pathname === PAGE_LOAD_PATH;
    if ((!isIssue && url.pathname !== SIGNALS_PATH) || request.method !== 'POST') return next(request, url, context);
    context.served = { route: url.pathname, servedAs: 'signals' };
    const client = context.client ?? 'unknown';
    if (isIssue) {
      // Its site first: another site's visitors spend no one's rate.
      if (fromAnotherSite(request.headers)) return refuseToken('cross-site', 403, 'Not from this shop\n');
      // Past its rate, no token and no error: the page works on, only its beacons are not counted (an office behind one address).
      if (!tokensAllowed(client)) return refuseToken('rate-limited', 204, '', { 'Retry-After': '10' });
      counts.token('issued');
      return issueToken(request, url, client, options);
    }
    if (fromAnotherSite(request.headers)) return refuseBeacon('cross-site', 403, 'Not from this shop\n');
    if (!beaconsAllowed(client)) return refuseBeacon('rate-limited', 429, 'Too many reports\n', { 'Retry-After': '1' });
    return receiveBeacon(request, url, options, heard, refuseBeacon);
  };
}

/** Where no beacon is counted (npm start): a page's token request and its beacons get 204 and nothing, so its console stays quiet. */
export function discardedBeacons(next: ReplyHandler): ReplyHandler {
  return (request, url, context) => {
    if ((url.pathname !== PAGE_LOAD_PATH && url.pathname !== SIGNALS_PATH) || request.method !== 'POST') return next(request, url, context);
    context.served = { route: url.pathname, servedAs: 'signals' };
    return Promise.resolve(reply(204));
  };
}

const NOT_COUNTED: SignalCounts = {
  beacon() {},
  token() {},
  view() {},
  vital() {},
  load() {},
  failure() {},
  error() {},
  groups: { view() {}, errorView() {}, loadFailure() {}, lcp() {} },
  rollout: { assigned() {}, view() {}, errorView() {}, loadFailure() {}, vital() {} },
};

/** The host's receiver: the routes of its build, the builds and rollout of what it serves, counted in `metrics` (if any). */
export function beaconReceiver(
  environment: ServedEnvironment,
  build: { now(): HostBuildState },
  metrics?: { signals: SignalCounts },
  /** The signing key (default: MAISON_SIGNALS_KEY, else the environment folder's key file). */
  key: Buffer = signalsKey(environment.env),
): BeaconReceiver {
  return {
    routes: () => build.now().build?.routes ?? [],
    known: knownBuilds(() => environment.now().generation),
    counts: metrics?.signals ?? NOT_COUNTED,
    tokens: pageLoadTokens(key),
    generation: () => environment.now().generation?.id,
    rollout: () => {
      const { generation, rollout } = environment.now();
      return splittingNow(generation, rollout);
    },
  };
}
