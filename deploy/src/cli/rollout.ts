#!/usr/bin/env node
/** npm run rollout: ships one remote's new build to a share of shoppers first (docs/operations.md, "Ship a remote gradually"). */
import path from 'node:path';
import { HOST_APP } from '../../../apps.mts';
import { prometheusAt } from '../rollout/cohortFigures.ts';
import { DEFAULT_POLICY, type JudgePolicy } from '../rollout/judge.ts';
import { judgeEvery, judgeOnce } from '../rollout/judgeLoop.ts';
import { DEFAULT_SPREAD } from '../rollout/spread.ts';
import { abort, moveShare, promote, startCanary, type RolloutContext } from '../rollout/rolloutCommands.ts';
import { statusLines } from '../rollout/rolloutStatus.ts';
import { contractVersion, ENV_OPTION, environmentWhere, exitPublished, fail, parseOptions, ROOT, run } from './options.ts';
import { EXIT } from '../publish/exitCodes.ts';
import { environmentOf } from '../environment/environment.ts';
import { DECISIONS_JOURNAL } from '../environment/decisionJournal.ts';

const USAGE = `npm run rollout -- <command> [--env DIR]
  canary <remote> <manifest-url> [<fallback-url> ...] [--share 5] [--steps 5,25,50,100]
  share <remote> <percent>       move the share by hand (a held rollout runs again)
  promote <remote>               the canary becomes the remote's build for everyone
  abort <remote> [--reason TEXT] everyone back on the stable build, at once
  status [--json]                both builds side by side, the step, the last decision and why
  judge --prometheus URL [--interval 60s] [--once] [--min-step 10m] [--settle 2m] [--min-views 200] [--min-observations 30] [--min-groups 3] [--no-data-limit 60m]
exit codes: as npm run render's`;
const { values, positionals } = parseOptions(
  'rollout',
  USAGE,
  {
    ...ENV_OPTION,
    share: { type: 'string' },
    steps: { type: 'string' },
    reason: { type: 'string' },
    json: { type: 'boolean' },
    prometheus: { type: 'string' },
    interval: { type: 'string' },
    once: { type: 'boolean' },
    'min-step': { type: 'string' },
    settle: { type: 'string' },
    'min-views': { type: 'string' },
    'min-observations': { type: 'string' },
    'min-groups': { type: 'string' },
    'no-data-limit': { type: 'string' },
  },
  true,
);

const environment = environmentOf(environmentWhere(values.env));
const [command, remote, ...rest] = positionals;
const context: RolloutContext = {
  env: environment,
  hostDir: path.join(ROOT, HOST_APP.dir),
  contract: contractVersion(),
  doing: `npm run rollout -- ${process.argv.slice(2).join(' ')}`,
};

function number(name: string, text: string | undefined, fallback: number): number {
  if (text === undefined) return fallback;
  const value = Number(text);
  return Number.isFinite(value) && value >= 0 ? value : fail('rollout', `--${name} is a number, not "${text}"`);
}

/** `90`, `90s`, `5m`, `1h` in milliseconds. */
function duration(name: string, text: string | undefined, fallbackMs: number): number {
  if (text === undefined) return fallbackMs;
  const match = /^(\d+(?:\.\d+)?)(ms|s|m|h)?$/.exec(text);
  if (!match) return fail('rollout', `--${name} is a duration (90s, 5m, 1h), not "${text}"`);
  return Number(match[1]) * { ms: 1, s: 1000, m: 60_000, h: 3_600_000 }[(match[2] ?? 's') as 'ms' | 's' | 'm' | 'h'];
}

const needRemote = () => remote ?? fail('rollout', `${command} needs a remote name\nusage: ${USAGE}`);

await run('rollout', async () => {
  if (command === 'canary') {
    if (rest.length === 0) fail('rollout', `canary ${needRemote()} needs the canary's manifest URL`);
    const steps = values.steps?.split(',').map((step) => number('steps', step, NaN));
    const published = await startCanary(context, {
      remote: needRemote(),
      entries: rest,
      share: number('share', values.share, 5),
      ...(steps ? { steps } : {}),
    });
    console.log(
      `[rollout] ${remote}: canary ${rest.join(', ')} live for ${values.share ?? 5}% of shoppers (generation ${published.generation.id})`,
    );
    exitPublished('rollout', published);
  } else if (command === 'share') {
    const moved = await moveShare(environment, needRemote(), number('share', rest[0], NaN));
    console.log(`[rollout] ${moved.remote}: the canary is for ${moved.share}% of shoppers from now`);
  } else if (command === 'promote') {
    const published = await promote(context, needRemote());
    console.log(`[rollout] ${remote}: promoted, every shopper gets the canary's build (generation ${published.generation.id})`);
    exitPublished('rollout', published);
  } else if (command === 'abort') {
    const published = await abort(context, needRemote(), values.reason ?? 'aborted by hand');
    console.log(`[rollout] ${remote}: aborted, every shopper is on the stable build (generation ${published.generation.id})`);
    exitPublished('rollout', published);
  } else if (command === 'status') {
    await environment.follow({ journals: [DECISIONS_JOURNAL] });
    console.log(statusLines(environment.dir, { json: values.json ?? false }).join('\n'));
  } else if (command === 'judge') {
    if (!values.prometheus) fail('rollout', 'judge needs --prometheus URL (Prometheus scraping the shop’s metrics)');
    const policy: JudgePolicy = {
      ...DEFAULT_POLICY,
      minStepMs: duration('min-step', values['min-step'], DEFAULT_POLICY.minStepMs),
      settleMs: duration('settle', values.settle, DEFAULT_POLICY.settleMs),
      minViews: number('min-views', values['min-views'], DEFAULT_POLICY.minViews),
      minLatencyObservations: number('min-observations', values['min-observations'], DEFAULT_POLICY.minLatencyObservations),
      noDataLimitMs: duration('no-data-limit', values['no-data-limit'], DEFAULT_POLICY.noDataLimitMs),
    };
    const spread = { ...DEFAULT_SPREAD, minGroups: number('min-groups', values['min-groups'], DEFAULT_SPREAD.minGroups) };
    const options = { context, prometheus: prometheusAt(values.prometheus), policy, spread };
    if (values.once) await judgeOnce(options);
    else {
      const stop = new AbortController();
      for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => stop.abort());
      const intervalMs = duration('interval', values.interval, 60_000);
      console.log(`[rollout] judging ${environment.name} every ${intervalMs / 1000} s from ${values.prometheus}`);
      await judgeEvery(intervalMs, { ...options, signal: stop.signal });
    }
    process.exit(EXIT.done);
  } else {
    fail('rollout', `usage: ${USAGE}`);
  }
});
