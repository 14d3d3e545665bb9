/**
 * The judge at work (`npm run rollout -- judge`): on an interval, it reads the running rollout's
 * step from Prometheus (cohortFigures.ts), asks the judge (judge.ts), and does what it says:
 * the next share, a promotion past the last step, an abort, or a hold for a person. Every
 * decision is logged with its figures (decisionJournal.ts) and said in one line.
 */
import type { RolloutRecord } from '@maison/host/contract';
import { cohortFigures, type PrometheusReader } from './cohortFigures.ts';
import { recordDecision, type Decision } from '../environment/decisionJournal.ts';
import { DEFAULT_POLICY, type Figures, type JudgePolicy, type Verdict } from './judge.ts';
import { DEFAULT_SPREAD, judgeSpread, type SpreadPolicy } from './spread.ts';
import { abort, hold, moveShare, promote, type RolloutContext } from './rolloutCommands.ts';
import { readRollout, splits } from '../environment/rolloutRecord.ts';
import { environmentOf } from '../environment/environment.ts';

export interface JudgeOptions {
  context: RolloutContext;
  prometheus: PrometheusReader;
  policy?: JudgePolicy;
  /** How the evidence must be spread over client groups (rollout/spread.ts). */
  spread?: SpreadPolicy;
  now?: () => number;
  log?: (line: string) => void;
}

/** The step after `share`: the next of the rollout's steps, or undefined when the next is everyone (promote). */
const nextShare = (record: RolloutRecord) => record.steps.find((step) => step > record.share && step < 100);

/** One look at the running rollout, if any: judged, acted on, logged. */
export async function judgeOnce({
  context,
  prometheus,
  policy = DEFAULT_POLICY,
  spread = DEFAULT_SPREAD,
  now = Date.now,
  log = console.log,
}: JudgeOptions) {
  const environment = environmentOf(context.env);
  await environment.follow();
  const record = readRollout(environment.dir);
  if (!splits(record)) return undefined;
  const at = now();
  const decide = (verdict: Verdict['action'], taken: string, reasons: string[], figures?: Figures): Decision => ({
    at: new Date(at).toISOString(),
    rollout: record.id,
    remote: record.remote,
    share: record.share,
    builds: { canary: record.canaryBuild, stable: record.stableBuild },
    verdict,
    taken,
    reasons,
    ...(figures ? { figures } : {}),
  });

  let decision: Decision;
  if (record.share === 0) {
    decision = decide('wait', 'nothing', [
      `only testers see the canary (share 0%): move the share to start (npm run rollout -- share ${record.remote} 5)`,
    ]);
  } else if (at < Date.parse(record.stepStartedAt) + policy.settleMs) {
    const left = Math.ceil((Date.parse(record.stepStartedAt) + policy.settleMs - at) / 1000);
    decision = decide('wait', 'nothing', [`the share settles for ${left} s more: shoppers take it up at their next page`]);
  } else {
    const from = Date.parse(record.stepStartedAt);
    const groups = await cohortFigures(prometheus, record, from + policy.settleMs, at);
    const verdict = judgeSpread(groups, { share: record.share / 100, stepStartedAt: from, now: at }, policy, spread);
    decision = decide(verdict.action, await act(context, record, verdict), verdict.reasons, verdict.figures);
  }
  await recordDecision(environment, decision);
  log(
    `[rollout] ${decision.remote} ${decision.rollout} at ${decision.share}%: ${decision.verdict}, ${decision.taken}: ${decision.reasons.join('; ')}`,
  );
  return decision;
}

/** Does what the verdict says; a held rollout only ever aborts by itself (a person moves it on). */
async function act(context: RolloutContext, record: RolloutRecord, verdict: Verdict): Promise<string> {
  const why = `${verdict.action} at ${record.share}%: ${verdict.reasons[0] ?? ''}`;
  if (verdict.action === 'abort') return (await abort(context, record.remote, why), 'aborted');
  if (record.state === 'held') return 'nothing (held: a person moves it on)';
  if (verdict.action === 'hold') return (await hold(context.env, record.remote, why), 'held');
  if (verdict.action !== 'advance') return 'nothing';
  const next = nextShare(record);
  if (next === undefined) return (await promote(context, record.remote, why), 'promoted');
  await moveShare(context.env, record.remote, next, why);
  return `share ${next}%`;
}

/** Judges every `intervalMs` until `signal` aborts, as the environment's one judge (its lease; a second waits); a look that fails is said and the next one tries again. */
export async function judgeEvery(intervalMs: number, options: JudgeOptions & { signal?: AbortSignal }): Promise<void> {
  const { signal, log = console.log } = options;
  await environmentOf(options.context.env).withLease(
    'judge',
    async (lost) => {
      const stop = signal ? AbortSignal.any([signal, lost]) : lost;
      while (!stop.aborted) {
        try {
          await judgeOnce(options);
        } catch (error) {
          log(`[rollout] this look failed (${(error as Error).message}); the next in ${Math.round(intervalMs / 1000)} s`);
        }
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, intervalMs);
          stop.addEventListener('abort', () => (clearTimeout(timer), resolve()), { once: true });
        });
      }
    },
    { log, ...(signal ? { signal } : {}) },
  );
}
