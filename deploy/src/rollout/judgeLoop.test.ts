/**
 * A rollout through its life on a small shop on disk (testing/fixtures.ts), the judge reading a
 * Prometheus that answers chosen figures: both cohorts' pages published, each verdict acted on
 * and logged, one rollout at a time.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { RolloutRecord } from '@maison/host/contract';
import { checkGeneration, isGood } from '../environment/generation.ts';
import { ENVIRONMENT_FILE } from '../environment/layout.ts';
import { METRIC } from '../observe/metricNames.ts';
import { publish } from '../publish/publish.ts';
import { fakeHostRenderer, fixtureShop, REMOTES, type FixtureShop } from '../testing/fixtures.ts';
import type { PrometheusReader, Sample } from './cohortFigures.ts';
import { DEFAULT_POLICY } from './judge.ts';
import { readDecisions } from '../environment/decisionJournal.ts';
import { judgeOnce } from './judgeLoop.ts';
import { moveShare, type RolloutContext } from './rolloutCommands.ts';
import { readRollout, writeRollout } from '../environment/rolloutRecord.ts';
import { statusLines } from './rolloutStatus.ts';

const CANARY = 'https://cdn.example.com/catalog/3/mf-manifest.json';
const MINUTE = 60_000;
let shop: FixtureShop;
let context: RolloutContext;
const lines: string[] = [];

beforeEach(async () => {
  shop = fixtureShop();
  const { hostDir } = fakeHostRenderer(shop);
  lines.length = 0;
  const offline = () => Promise.reject(new Error('offline'));
  context = { env: shop.env, hostDir, contract: '1.0.0', doing: 'a test', log: (line) => lines.push(line), network: offline };
  await publish({ env: shop.env, hostDir, doing: 'first', log: () => {}, network: offline });
});
afterEach(() => shop.cleanup());

const START = Date.parse('2026-11-26T18:00:00.000Z');
const rollout = (change: Partial<RolloutRecord> = {}): RolloutRecord => ({
  id: '20261126T180000-ab12',
  remote: 'catalog',
  state: 'running',
  share: 5,
  steps: [5, 25, 50, 100],
  canary: [CANARY],
  stable: [REMOTES.catalog],
  canaryBuild: '0.2.0+canary',
  stableBuild: '0.1.0+stable',
  startedAt: new Date(START).toISOString(),
  stepStartedAt: new Date(START).toISOString(),
  ...change,
});
/** Starts `record` as the canary command does: written, then published with its cohort's pages. */
const start = (record: RolloutRecord) =>
  publish({ env: shop.env, hostDir: context.hostDir, doing: 'canary', log: () => {}, network: context.network!, rollout: () => record });

interface Cohort {
  views: number;
  errors?: number;
  lcp?: number;
}
/** Client groups the made-up shoppers fall into, evenly. */
const GROUPS = 8;
const shareOf = (value: number, group: number) => Math.floor(value / GROUPS) + (group < value % GROUPS ? 1 : 0);

/** A Prometheus whose counters were all zero once the step had settled and are these figures now, spread over client groups. */
function prometheus(canary: Cohort, stable: Cohort): PrometheusReader {
  const cohorts = { canary, stable };
  const perGroup = (value: (cohort: Cohort) => number, le?: string): Sample[] =>
    Object.entries(cohorts).flatMap(([cohort, figures]) =>
      Array.from({ length: GROUPS }, (_, group) => ({
        metric: { cohort, group: String(group), ...(le ? { le } : {}) },
        value: shareOf(value(figures), group),
      })),
    );
  const histogram = (seconds: (cohort: Cohort) => number): Sample[] =>
    [0.5, 1, 2, 4, 8, Infinity].flatMap((le) =>
      perGroup((cohort) => (seconds(cohort) <= le ? cohort.views : 0), le === Infinity ? '+Inf' : String(le)),
    );
  return {
    query(expression, atMs) {
      if (atMs <= START + DEFAULT_POLICY.settleMs) return Promise.resolve([]);
      if (expression.includes(METRIC.rolloutViews) || expression.includes(METRIC.rolloutPageLoads))
        return Promise.resolve(perGroup((cohort) => cohort.views));
      if (expression.includes(METRIC.rolloutErrorViews)) return Promise.resolve(perGroup((cohort) => cohort.errors ?? 0));
      if (expression.includes('_bucket'))
        return Promise.resolve(histogram((cohort) => (expression.includes('lcp') ? (cohort.lcp ?? 0.9) : 0.1)));
      return Promise.resolve([]);
    },
  };
}
const at = (minutes: number) => () => START + minutes * MINUTE;
const look = (reader: PrometheusReader, minutes = 15) =>
  judgeOnce({ context, prometheus: reader, policy: DEFAULT_POLICY, now: at(minutes), log: (line) => lines.push(line) });
const current = () => path.join(shop.env, ENVIRONMENT_FILE.current);

describe('a rollout', () => {
  it('is published with both cohorts’ pages, each rendered from its own build', async () => {
    await start(rollout());
    const generation = checkGeneration(current());
    expect(isGood(generation) && generation.render.canary).toEqual({ rollout: '20261126T180000-ab12', remote: 'catalog' });
    expect(readFileSync(path.join(current(), 'pages', 'en', 'products.html'), 'utf8')).toContain(`from ${REMOTES.catalog}`);
    expect(readFileSync(path.join(current(), 'canary', 'pages', 'en', 'products.html'), 'utf8')).toContain(`from ${CANARY}`);
    expect(JSON.parse(readFileSync(path.join(current(), 'canary', 'remotes.json'), 'utf8'))).toEqual({ ...REMOTES, catalog: CANARY });
    // The environment's remotes.json is still everyone's.
    expect(JSON.parse(readFileSync(path.join(shop.env, ENVIRONMENT_FILE.remotes), 'utf8'))).toEqual(REMOTES);
  });

  it('is one at a time: a second is refused and changes nothing', async () => {
    await start(rollout());
    const before = readFileSync(current() + '/render.json', 'utf8');
    await expect(
      publish({
        env: shop.env,
        hostDir: context.hostDir,
        doing: 'second',
        log: () => {},
        network: context.network!,
        rollout: (now) => {
          if (now?.state === 'running') throw new Error('a rollout of catalog is running');
          return rollout({ remote: 'cart' });
        },
      }),
    ).rejects.toThrow(/running/);
    expect(readFileSync(current() + '/render.json', 'utf8')).toBe(before);
    expect(readRollout(shop.env)?.remote).toBe('catalog');
  });
});

describe('the judge', () => {
  it('moves a healthy canary to the next step, then promotes it past the last, and logs each decision with its figures', async () => {
    await start(rollout({ share: 50 }));
    await moveShare(shop.env, 'catalog', 25);
    writeRollout(shop.env, { ...readRollout(shop.env)!, stepStartedAt: new Date(START).toISOString() });
    expect((await look(prometheus({ views: 2500, errors: 3 }, { views: 7500, errors: 8 })))?.taken).toBe('share 50%');
    expect(readRollout(shop.env)).toMatchObject({ share: 50, state: 'running' });
    writeRollout(shop.env, { ...readRollout(shop.env)!, stepStartedAt: new Date(START).toISOString() });
    expect((await look(prometheus({ views: 5000, errors: 5 }, { views: 5000, errors: 5 })))?.taken).toBe('promoted');
    expect(readRollout(shop.env)).toMatchObject({ state: 'promoted', share: 100 });
    expect(JSON.parse(readFileSync(path.join(shop.env, ENVIRONMENT_FILE.remotes), 'utf8')).catalog).toBe(CANARY);
    expect(existsSync(path.join(current(), 'canary'))).toBe(false);
    expect(readFileSync(path.join(current(), 'pages', 'en', 'products.html'), 'utf8')).toContain(`from ${CANARY}`);
    const decisions = readDecisions(shop.env);
    expect(decisions.map(({ verdict, taken }) => [verdict, taken])).toEqual([
      ['advance', 'share 50%'],
      ['advance', 'promoted'],
    ]);
    // The group with the most views is left out (rollout/spread.ts): 7 of the 8 groups.
    expect(decisions[0]!.figures?.views).toEqual({ canary: 2187, stable: 6562 });
  });

  it('aborts a canary that throws: everyone back on the stable build, its pages gone', async () => {
    await start(rollout());
    const decision = await look(prometheus({ views: 300, errors: 60 }, { views: 5700, errors: 6 }), 3);
    expect(decision).toMatchObject({ verdict: 'abort', taken: 'aborted' });
    expect(decision!.reasons[0]).toMatch(/^errors: 20% of canary views vs 0\.1% of stable .* \(without client groups 0\)$/);
    expect(readRollout(shop.env)).toMatchObject({ state: 'aborted', reason: expect.stringMatching(/^abort at 5%: errors/) });
    expect(existsSync(path.join(current(), 'canary'))).toBe(false);
    expect(JSON.parse(readFileSync(path.join(shop.env, ENVIRONMENT_FILE.remotes), 'utf8')).catalog).toBe(REMOTES.catalog);
  });

  it('aborts a canary whose LCP is twice the baseline’s', async () => {
    await start(rollout());
    const decision = await look(prometheus({ views: 300, lcp: 1.8 }, { views: 5700, lcp: 0.9 }), 3);
    expect(decision).toMatchObject({ verdict: 'abort', taken: 'aborted' });
    expect(decision!.reasons.join(' ')).toMatch(/^LCP: canary p75/);
  });

  it('with no traffic, waits, then holds for a person past the no-data limit; a held rollout moves on only by hand', async () => {
    await start(rollout());
    const none = prometheus({ views: 0 }, { views: 0 });
    expect(await look(none, 30)).toMatchObject({ verdict: 'wait', taken: 'nothing' });
    expect(await look(none, 61)).toMatchObject({ verdict: 'hold', taken: 'held' });
    expect(readRollout(shop.env)?.state).toBe('held');
    expect(await look(prometheus({ views: 5000 }, { views: 95_000 }), 90)).toMatchObject({
      verdict: 'advance',
      taken: 'nothing (held: a person moves it on)',
    });
    await moveShare(shop.env, 'catalog', 25);
    expect(readRollout(shop.env)).toMatchObject({ state: 'running', share: 25 });
  });

  it('leaves a new share to settle before it reads a figure: shoppers take it up at their next page', async () => {
    await start(rollout());
    const reader = prometheus({ views: 300, errors: 60 }, { views: 5700, errors: 6 });
    const query = jest.spyOn(reader, 'query');
    expect(await look(reader, 1)).toMatchObject({
      verdict: 'wait',
      reasons: ['the share settles for 60 s more: shoppers take it up at their next page'],
    });
    expect(query).not.toHaveBeenCalled();
  });

  it('at share 0 only testers see the canary: nothing to judge, and it says how to start', async () => {
    await start(rollout({ share: 0 }));
    expect((await look(prometheus({ views: 0 }, { views: 100 })))?.reasons[0]).toMatch(/only testers see the canary \(share 0%\)/);
  });

  it('says nothing when no rollout runs; status shows both builds side by side and the last decision', async () => {
    expect(await look(prometheus({ views: 1 }, { views: 1 }))).toBeUndefined();
    expect(statusLines(shop.env)[0]).toMatch(/^no rollout has been started/);
    await start(rollout());
    await look(prometheus({ views: 300, errors: 60 }, { views: 5700, errors: 6 }), 3);
    const status = statusLines(shop.env, { now: START + 5 * MINUTE }).join('\n');
    expect(status).toMatch(/^catalog: aborted at 5% \(rollout 20261126T180000-ab12\), steps after it 5 → 25 → 50 → 100/);
    expect(status).toMatch(/build +0\.2\.0\+canary +0\.1\.0\+stable/);
    expect(status).toMatch(/errors +20% \(52\) +0\.1% \(5\) +p=/);
    expect(status).toMatch(/last decision .* at 5%: abort, aborted/);
  });
});
