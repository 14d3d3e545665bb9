/**
 * Shoppers' page loads made up for the rollout tests: beacons in the pages' own format
 * (host/src/contract/observe/beacon.ts, checked against its schema here), posted to the shop as
 * a page posts them, each from a client of its own (X-Forwarded-For: the shop under test trusts
 * this machine as its proxy) with the cohort cookies a shopper of that cohort carries. The
 * vitals follow a chosen distribution, drawn from a seeded generator: the same figures every run.
 */
import { randomUUID } from 'node:crypto';
import * as v from 'valibot';
import { BEACON, COHORT_COOKIE, SIGNALS_PATH, type Beacon, type Cohort } from '@maison/host/contract';

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

/** Posts `count` page loads' beacons, a few at a time; resolves with how many the shop accepted. */
export async function postPageLoads(loads: PageLoads): Promise<number> {
  const { origin, rollout, cohort, page, remote, hostBuild, build, count, lcpMedian = 1, inpMedian = 0.12, errors = 0, seed = 1 } = loads;
  const z = normals(seed);
  const beacons = Array.from({ length: count }, (_, index): Beacon => ({
    v: 1,
    pageLoad: randomUUID(),
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
      beacons.slice(start, start + 16).map((beacon) => {
        clients += 1;
        return fetch(`${origin}${SIGNALS_PATH}`, {
          method: 'POST',
          body: JSON.stringify(v.parse(BEACON, beacon)),
          headers: {
            'content-type': 'text/plain',
            cookie: `maison_bucket=${cohort === 'canary' ? 0 : 9999}; ${COHORT_COOKIE}=${rollout}.${cohort}`,
            'x-forwarded-for': `10.${(clients >> 16) & 255}.${(clients >> 8) & 255}.${clients & 255}`,
          },
        });
      }),
    );
    accepted += answers.filter(({ status }) => status === 204).length;
  }
  return accepted;
}
