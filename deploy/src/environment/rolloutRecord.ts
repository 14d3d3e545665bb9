/**
 * An environment's rollout.json (its format: host/src/contract/rollout/rolloutRecord.ts). The
 * servers read it (re-checked as they re-check the folder) to split shoppers and to say it at
 * /rollout.json; the rollout commands and the judge change it, one at a time (its own lock: a
 * share moves without a publish, an abort at once: rolloutLock.ts).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { isActive, manifestUrlOf, readJson, ROLLOUT_RECORD, type RolloutAnnouncement, type RolloutRecord } from '@maison/host/contract';
import { replaceFile } from './durable.ts';
import type { Generation } from './generation.ts';

export const ROLLOUT_FILE = 'rollout.json';

export const rolloutFile = (env: string) => path.join(env, ROLLOUT_FILE);

/** The environment's rollout, none if it never had one; a file that is not one is an error naming the file and the field. */
export function readRollout(env: string): RolloutRecord | undefined {
  let text: string;
  try {
    text = readFileSync(rolloutFile(env), 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
  return readJson(rolloutFile(env), text, ROLLOUT_RECORD);
}

export function writeRollout(env: string, record: RolloutRecord): void {
  replaceFile(rolloutFile(env), `${JSON.stringify(record, null, 2)}\n`);
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
