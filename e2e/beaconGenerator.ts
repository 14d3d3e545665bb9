/**
 * Shoppers' page loads made up for the rollout tests: beacons in the pages' own format
 * (host/src/contract/observe/beacon.ts, checked against its schema here), posted to the shop as
 * a page posts them: each page load first asks for its token (`POST /rum/page-load?cohort=…`,
 * same-origin as a page's own fetch says), then posts its beacon to `/rum?t=<token>`. Each page
 * load is a client of its own (X-Forwarded-For: the shop under test trusts this machine as its
 * proxy), so no client's token rate is ever reached and the page loads spread over the client
 * groups, with the cohort cookies a shopper of that cohort carries. The vitals follow a chosen
 * distribution, drawn from a seeded generator: the same figures every run.
 */
import * as v from 'valibot';
import {
  BEACON,
  COHORT_COOKIE,
  PAGE_LOAD_ANSWER,
  PAGE_LOAD_PATH,
  SIGNALS_PATH,
  TOKEN_PARAMETER,
  type Beacon,
  type Cohort,
} from '@maison/host/contract';

export interface PageLoads {
  /** The shop's host origin. */
  origin: string;
  rollout: string;
  cohort: Cohort;
  /** The page every load shows, and the remote on it whose build the cohort decides. */
  page: string;
  remote: string;
  hostBuild: string;
  build: string;
  count: number;
  /** LCP's median in seconds; each load's is that times e^(0.25·z), z standard normal. */
  lcpMedian?: number;
  inpMedian?: number;
  /** Loads whose page throws an error attributed to the remote. */
  errors?: number;
  seed?: number;
}

/** A small seeded generator (mulberry32) and normal draws from it (Box–Muller). */
function normals(seed: number): () => number {
  let state = seed >>> 0;
  const uniform = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return () => Math.sqrt(-2 * Math.log(1 - uniform())) * Math.cos(2 * Math.PI * uniform());
}

let clients = 0;
/** A made-up client's address of its own, never one given before in this process (10.0.0.1, 10.0.0.2, …). */
export function nextClient(): string {
  clients += 1;
  return `10.${(clients >> 16) & 255}.${(clients >> 8) & 255}.${clients & 255}`;
}

/** A page load's token, asked for as its page asks (same origin, the cohort its cookie holds), by `client`; undefined if refused. */
export async function pageLoadToken(origin: string, client: string, cohortClaim?: string, moved = false): Promise<string | undefined> {
  const query = new URLSearchParams();
  if (cohortClaim) query.set('cohort', cohortClaim);
  if (moved) query.set('moved', '1');
  const answer = await fetch(`${origin}${PAGE_LOAD_PATH}?${query}`, {
    method: 'POST',
    headers: {
      'sec-fetch-site': 'same-origin',
      'x-forwarded-for': client,
      ...(cohortClaim ? { cookie: `${COHORT_COOKIE}=${cohortClaim}` } : {}),
    },
  });
  if (answer.status !== 200) return undefined;
  return v.parse(PAGE_LOAD_ANSWER, await answer.json()).token;
}

/** Posts one beacon of a page load (its token) as `client`, as the page's sendBeacon does; the answer's status. */
export async function postBeacon(origin: string, client: string, token: string, body: unknown, cookie?: string): Promise<number> {
  const answer = await fetch(`${origin}${SIGNALS_PATH}?${TOKEN_PARAMETER}=${encodeURIComponent(token)}`, {
    method: 'POST',
    body: typeof body === 'string' ? body : JSON.stringify(body),
    headers: {
      'content-type': 'text/plain;charset=UTF-8',
      'sec-fetch-site': 'same-origin',
      'x-forwarded-for': client,
      ...(cookie ? { cookie } : {}),
    },
  });
  await answer.arrayBuffer().catch(() => undefined);
  return answer.status;
}

/** Posts `count` page loads' beacons, a few at a time; resolves with how many the shop accepted. */
export async function postPageLoads(loads: PageLoads): Promise<number> {
  const { origin, rollout, cohort, page, remote, hostBuild, build, count, lcpMedian = 1, inpMedian = 0.12, errors = 0, seed = 1 } = loads;
  const z = normals(seed);
  const claim = `${rollout}.${cohort}`;
  const cookie = `maison_bucket=${cohort === 'canary' ? 0 : 9999}; ${COHORT_COOKIE}=${claim}`;
  const beacons = Array.from({ length: count }, (_, index): Beacon => ({
    v: 2,
    hostBuild,
    builds: { [remote]: build },
    records: [
      { kind: 'view', page },
      { kind: 'load', page, remote, build, fallback: false },
      { kind: 'vital', page, name: 'LCP', value: Math.round(lcpMedian * 1000 * Math.exp(0.25 * z())) },
      { kind: 'vital', page, name: 'INP', value: Math.round(inpMedian * 1000 * Math.exp(0.25 * z())) },
      ...(index < errors ? [{ kind: 'error' as const, page, remote }] : []),
    ],
  }));
  let accepted = 0;
  for (let start = 0; start < beacons.length; start += 16) {
    const answers = await Promise.all(
      beacons.slice(start, start + 16).map(async (beacon) => {
        const client = nextClient();
        const token = await pageLoadToken(origin, client, claim);
        if (!token) return 403;
        return postBeacon(origin, client, token, v.parse(BEACON, beacon), cookie);
      }),
    );
    accepted += answers.filter((status) => status === 204).length;
  }
  return accepted;
}

export interface Forger {
  origin: string;
  /** The forger's one address (what every request of it says in X-Forwarded-For). */
  client: string;
  /** The cohort every page load of it claims (`<rollout>.<cohort>`), if any. */
  claim?: string;
  /** What it sends in its `index`-th beacon. */
  beacon: (index: number) => Beacon;
  /** It stops once this is true. */
  done: () => boolean;
}

/**
 * One client sending more than it is allowed for as long as asked: a page load's token and a beacon
 * every 50 ms, each beacon with the newest token it was given. Resolves with what the shop took.
 */
export async function forge({
  origin,
  client,
  claim,
  beacon,
  done,
}: Forger): Promise<{ tokens: number; accepted: number; refused: number }> {
  const taken = { tokens: 0, accepted: 0, refused: 0 };
  let token: string | undefined;
  for (let index = 0; !done(); index += 1) {
    const fresh = await pageLoadToken(origin, client, claim);
    if (fresh) [token, taken.tokens] = [fresh, taken.tokens + 1];
    if (token) {
      const status = await postBeacon(origin, client, token, v.parse(BEACON, beacon(index)));
      if (status === 204) taken.accepted += 1;
      else taken.refused += 1;
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return taken;
}
