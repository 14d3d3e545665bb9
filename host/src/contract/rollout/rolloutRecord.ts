/**
 * rollout.json, an environment's rollout (beside remotes.json): the one remote shipped gradually
 * now, or the last one and how it ended. Written by the rollout commands and the judge, read by
 * the servers (deploy/src/environment/rolloutRecord.ts); /rollout.json says part of it (cohorts.ts).
 */
import * as v from 'valibot';
import { ROLLOUT_ID, ROLLOUT_STATES } from './cohorts.ts';

const entries = v.pipe(v.array(v.pipe(v.string(), v.minLength(1))), v.minLength(1));
const percent = v.pipe(v.number(), v.minValue(0), v.maxValue(100));

export const ROLLOUT_RECORD = v.object({
  id: v.pipe(v.string(), v.regex(ROLLOUT_ID)),
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
