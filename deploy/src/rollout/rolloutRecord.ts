/**
 * An environment's rollout (`rollout.json` beside remotes.json): the one remote shipped gradually
 * now, or the last one and how it ended. The servers read it (re-checked as they re-check the
 * folder) to split shoppers and to say it at /rollout.json; the rollout commands and the judge
 * change it, one at a time (its own lock: a share moves without a publish, an abort at once).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import * as v from 'valibot';
import { lock } from 'proper-lockfile';
import { isActive, manifestUrlOf, ROLLOUT_STATES, type RolloutAnnouncement } from '@maison/host/contract';
import { replaceFile } from '../environment/durable.ts';
import type { Generation } from '../environment/generation.ts';

export const ROLLOUT_FILE = 'rollout.json';
const LOCK_FILE = 'rollout.lock';

const entries = v.pipe(v.array(v.pipe(v.string(), v.minLength(1))), v.minLength(1));
const percent = v.pipe(v.number(), v.minValue(0), v.maxValue(100));
export const ROLLOUT_RECORD = v.object({
  id: v.pipe(v.string(), v.regex(/^[A-Za-z0-9-]{1,40}$/)),
  remote: v.string(),
  state: v.picklist(ROLLOUT_STATES),
  /** Percent of shoppers in the canary cohort now. */
  share: percent,
  /** The shares it moves through while healthy; past the last, it is promoted. */
  steps: v.pipe(v.array(percent), v.minLength(1)),
  /** The remote's remotes.json entries for the canary cohort, and for everyone else (as they were when it started). */
  canary: entries,
  stable: entries,
  /** The builds compared (their manifests' buildVersion): the metrics' `build` label. */
  canaryBuild: v.string(),
  stableBuild: v.string(),
  startedAt: v.string(),
  stepStartedAt: v.string(),
  endedAt: v.optional(v.string()),
  /** Why it was held or ended, in a sentence. */
  reason: v.optional(v.string()),
});
export type RolloutRecord = v.InferOutput<typeof ROLLOUT_RECORD>;

export const rolloutFile = (env: string) => path.join(env, ROLLOUT_FILE);

/** The environment's rollout, none if it never had one; a file that is not one is an error that says so. */
export function readRollout(env: string): RolloutRecord | undefined {
  let text: string;
  try {
    text = readFileSync(rolloutFile(env), 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
  const parsed = v.safeParse(ROLLOUT_RECORD, JSON.parse(text) as unknown);
  if (!parsed.success) throw new Error(`${rolloutFile(env)} is not a rollout (${v.summarize(parsed.issues)})`);
  return parsed.output;
}

export function writeRollout(env: string, record: RolloutRecord): void {
  replaceFile(rolloutFile(env), `${JSON.stringify(record, null, 2)}\n`);
}

/** Changes the rollout under its lock: `change` sees it as it is now (none, if never). */
export async function changeRollout<T>(
  env: string,
  change: (now: RolloutRecord | undefined) => { record?: RolloutRecord; result: T },
): Promise<T> {
  // Locked by its own name: proper-lockfile keeps one lock per name, and the environment's is the publish's.
  const release = await lock(rolloutFile(env), {
    lockfilePath: path.join(env, LOCK_FILE),
    realpath: false,
    stale: 10_000,
    retries: { retries: 80, factor: 1, minTimeout: 125, maxTimeout: 125 },
  });
  try {
    const { record, result } = change(readRollout(env));
    if (record) writeRollout(env, record);
    return result;
  } finally {
    await release();
  }
}

/** A rollout id: its start's time, sortable, unique enough for one environment. */
export function newRolloutId(now = new Date()): string {
  return `${now.toISOString().replace(/[-:]/g, '').replace(/\..*$/, '')}-${Math.random().toString(36).slice(2, 6)}`;
}

/** Whether shoppers are split by it now. */
export const splits = (record: RolloutRecord | undefined): record is RolloutRecord & { state: 'running' | 'held' } =>
  record !== undefined && isActive(record.state);

/** The rollout splitting shoppers now: it splits, and the generation served has its canary cohort's pages. */
export function splittingNow(generation: Generation | undefined, rollout: RolloutRecord | undefined): RolloutRecord | undefined {
  return splits(rollout) && generation?.canary && generation.render.canary?.rollout === rollout.id ? rollout : undefined;
}

/** What /rollout.json says of it: the remote's manifests as the page resolves them (`base`: the shop's origin). */
export function announcementOf(record: RolloutRecord | undefined, base: string): RolloutAnnouncement {
  if (!record) return {};
  const absolute = (list: string[]) =>
    list.flatMap((entry) => {
      const url = manifestUrlOf(entry, base);
      return 'url' in url ? [url.url] : [];
    });
  return {
    id: record.id,
    remote: record.remote,
    state: record.state,
    share: record.share,
    canary: absolute(record.canary),
    stable: absolute(record.stable),
  };
}
