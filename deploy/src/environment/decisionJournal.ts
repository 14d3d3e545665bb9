/**
 * The judge's journal (rollout-decisions.jsonl): a line per decision, with the figures it was made
 * on, for `npm run rollout -- status`. Only deploy reads it, so its schema lives here, as the
 * publish journal's does (publishJournal.ts); a line that is not one is left out.
 */
import * as v from 'valibot';
import { environmentOf, type Environment } from './environment.ts';
import { readLines } from './jsonLines.ts';

export const DECISIONS_JOURNAL = 'rollout-decisions.jsonl';
const KEPT = 500;

const VERDICTS = ['advance', 'abort', 'hold', 'wait'] as const;
export type VerdictAction = (typeof VERDICTS)[number];

/** The figures a verdict stands on (rollout/judge.ts makes them), as recorded. */
export interface RateFigures {
  canary: number;
  stable: number;
  canaryRate: number;
  stableRate: number;
  /** null when not finite: the stable cohort had none. */
  ratio: number | null;
  pValue: number;
}

export interface LatencyFigures {
  canaryCount: number;
  stableCount: number;
  /** Seconds; null without observations. */
  canaryP75: number | null;
  stableP75: number | null;
  p75Ratio: number | null;
  probabilityOfSuperiority: number;
  pValue: number;
}

export interface Figures {
  share: number;
  elapsedMs: number;
  views: { canary: number; stable: number };
  srm: { observedShare: number; pValue: number };
  errors: RateFigures;
  loadFailures: RateFigures;
  lcp: LatencyFigures;
  inp: LatencyFigures;
}

const pair = v.object({ canary: v.number(), stable: v.number() });
const orNull = v.nullable(v.number());
const RATE = v.object({ ...pair.entries, canaryRate: v.number(), stableRate: v.number(), ratio: orNull, pValue: v.number() });
const LATENCY = v.object({
  canaryCount: v.number(),
  stableCount: v.number(),
  canaryP75: orNull,
  stableP75: orNull,
  p75Ratio: orNull,
  probabilityOfSuperiority: v.number(),
  pValue: v.number(),
});
// Typed by Figures, so the two cannot drift apart.
const FIGURES: v.GenericSchema<Figures> = v.object({
  share: v.number(),
  elapsedMs: v.number(),
  views: pair,
  srm: v.object({ observedShare: v.number(), pValue: v.number() }),
  errors: RATE,
  loadFailures: RATE,
  lcp: LATENCY,
  inp: LATENCY,
});

const DECISION = v.object({
  at: v.string(),
  rollout: v.string(),
  remote: v.string(),
  /** The share judged, in percent. */
  share: v.number(),
  builds: v.object({ canary: v.string(), stable: v.string() }),
  verdict: v.picklist(VERDICTS),
  /** What was done about it: `share 25%`, `promoted`, `aborted`, `held`, or nothing. */
  taken: v.string(),
  reasons: v.array(v.string()),
  figures: v.optional(FIGURES),
});
export type Decision = v.InferOutput<typeof DECISION>;

export const recordDecision = (env: string | Environment, decision: Decision) =>
  environmentOf(env).record(DECISIONS_JOURNAL, decision, KEPT);

/** The decisions logged, oldest first (of every rollout the journal still has). */
export const readDecisions = (env: string): Decision[] => readLines(env, DECISIONS_JOURNAL, (value) => v.is(DECISION, value));
