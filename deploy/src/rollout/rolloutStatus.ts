/**
 * What `npm run rollout -- status` says: the rollout (its remote, state, share and steps), both
 * builds side by side with the figures the last decision was made on, and that decision with
 * its reasons; the decisions before it, one line each.
 */
import type { RolloutRecord } from '@maison/host/contract';
import { readDecisions, type Decision } from '../environment/decisionJournal.ts';
import { readRollout } from '../environment/rolloutRecord.ts';

const EARLIER_SHOWN = 8;

const percent = (fraction: number) => `${Number((fraction * 100).toPrecision(2))}%`;
const pText = (p: number | undefined) => (p === undefined ? '' : p >= 0.001 ? `p=${Number(p.toPrecision(2))}` : `p=${p.toExponential(0)}`);
const since = (iso: string, now: number) => `${iso.slice(11, 19)} (${Math.round((now - Date.parse(iso)) / 60_000)} min ago)`;
const seconds = (value: number | null | undefined) => (value === null || value === undefined ? '–' : `${Number(value.toPrecision(2))} s`);
const ms = (value: number | null | undefined) => (value === null || value === undefined ? '–' : `${Math.round(value * 1000)} ms`);

function table(record: RolloutRecord, last: Decision | undefined): string[] {
  const f = last?.figures;
  const row = (name: string, canary: string, stable: string, test = '') =>
    `  ${name.padEnd(15)}${canary.padEnd(34)}${stable.padEnd(34)}${test}`;
  const rate = (events: number | undefined, rateOf: number | undefined) =>
    events === undefined ? '–' : `${percent(rateOf ?? 0)} (${Math.round(events)})`;
  return [
    row('', 'canary', 'stable'),
    row('build', record.canaryBuild, record.stableBuild),
    ...(f
      ? [
          row(
            'views',
            String(Math.round(f.views.canary)),
            String(Math.round(f.views.stable)),
            `canary share ${percent(f.srm.observedShare)} ${pText(f.srm.pValue)}`,
          ),
          row('errors', rate(f.errors.canary, f.errors.canaryRate), rate(f.errors.stable, f.errors.stableRate), pText(f.errors.pValue)),
          row(
            'load failures',
            rate(f.loadFailures.canary, f.loadFailures.canaryRate),
            rate(f.loadFailures.stable, f.loadFailures.stableRate),
            pText(f.loadFailures.pValue),
          ),
          row(
            'LCP p75',
            `${seconds(f.lcp.canaryP75)} (${f.lcp.canaryCount})`,
            `${seconds(f.lcp.stableP75)} (${f.lcp.stableCount})`,
            pText(f.lcp.pValue),
          ),
          row(
            'INP p75',
            `${ms(f.inp.canaryP75)} (${f.inp.canaryCount})`,
            `${ms(f.inp.stableP75)} (${f.inp.stableCount})`,
            pText(f.inp.pValue),
          ),
        ]
      : [row('figures', '(not judged yet)', '')]),
    `  canary entries ${record.canary.join(' then ')}`,
    `  stable entries ${record.stable.join(' then ')}`,
  ].map((line) => line.trimEnd());
}

export function statusLines(env: string, { json = false, now = Date.now() }: { json?: boolean; now?: number } = {}): string[] {
  const record = readRollout(env);
  const decisions = record ? readDecisions(env).filter((decision) => decision.rollout === record.id) : [];
  if (json) return [JSON.stringify({ rollout: record ?? null, decisions }, null, 2)];
  if (!record) return ['no rollout has been started in this environment (npm run rollout -- canary <remote> <manifest-url>)'];
  const last = decisions.at(-1);
  const judged = [...decisions].reverse().find((decision) => decision.figures);
  return [
    `${record.remote}: ${record.state} at ${record.share}% (rollout ${record.id}), steps after it ${record.steps.join(' → ')}`,
    `  started ${since(record.startedAt, now)}, this step since ${since(record.stepStartedAt, now)}${record.endedAt ? `, ended ${since(record.endedAt, now)}` : ''}`,
    ...(record.reason ? [`  why: ${record.reason}`] : []),
    '',
    ...table(record, judged),
    '',
    last
      ? `last decision ${since(last.at, now)} at ${last.share}%: ${last.verdict}, ${last.taken}`
      : 'no decision yet (is the judge running? npm run rollout -- judge --prometheus URL)',
    ...(last?.reasons.map((reason) => `  ${reason}`) ?? []),
    ...(decisions.length > 1 ? ['', 'before it:'] : []),
    ...decisions
      .slice(-EARLIER_SHOWN - 1, -1)
      .reverse()
      .map(
        (decision) =>
          `  ${decision.at.slice(11, 19)} at ${decision.share}%: ${decision.verdict}, ${decision.taken}: ${decision.reasons[0] ?? ''}`,
      ),
  ];
}
