/**
 * The names the judge's queries and the alert rules read are names the answerer exports: a metric
 * renamed in one place and not the other would leave the judge waiting out its hold, and an alert
 * silent, without a word.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { collectDefaultMetrics, Registry } from 'prom-client';
import { cohortFigures, type PrometheusReader } from '../rollout/cohortFigures.ts';
import { METRIC } from './metricNames.ts';
import { serverMetrics } from './metrics.ts';

const ALERTS = path.resolve(__dirname, '..', '..', 'prometheus', 'alerts.yml');

/** The metric names a PromQL expression reads: its identifiers (quoted label values aside) with the answerer's prefixes. */
const metricNamesIn = (expression: string) =>
  [...expression.replace(/"(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*'/g, '""').matchAll(/\b[a-z_:][a-z0-9_:]*\b/g)]
    .map(([name]) => name)
    .filter((name) => /^(maison_|process_|nodejs_|http_server_)/.test(name));

/** Each alert rule's expression (`expr:` on one line, or a `|` block below it). */
function alertExpressions(yaml: string): Array<[alert: string, expr: string]> {
  const lines = yaml.split('\n');
  const rules: Array<[string, string]> = [];
  let alert = '';
  lines.forEach((line, index) => {
    const named = /^\s*- alert:\s*(\S+)/.exec(line);
    if (named) alert = named[1]!;
    const expr = /^(\s*)expr:\s*(.*)$/.exec(line);
    if (!expr) return;
    if (expr[2]!.trim() !== '|') return void rules.push([alert, expr[2]!]);
    const indent = expr[1]!.length;
    const block: string[] = [];
    for (const next of lines.slice(index + 1)) {
      if (next.trim() && next.search(/\S/) <= indent) break;
      block.push(next);
    }
    rules.push([alert, block.join('\n')]);
  });
  return rules;
}

/** The names a registry exports: each metric's, and a histogram's series (_bucket, _sum, _count). */
async function exported() {
  const metrics = await serverMetrics().registry.getMetricsAsJSON();
  const names = new Set(metrics.map(({ name }) => name));
  const series = new Set(
    metrics.flatMap(({ name, type }) => (String(type) === 'histogram' ? [`${name}_bucket`, `${name}_sum`, `${name}_count`] : [name])),
  );
  return { names, series };
}

describe('the metric names', () => {
  it('are each exported by the answerer (metricNames.ts), and the others are prom-client’s default collectors’', async () => {
    const { names } = await exported();
    const defaults = new Registry();
    collectDefaultMetrics({ register: defaults });
    const process = new Set((await defaults.getMetricsAsJSON()).map(({ name }) => name));
    expect(Object.values(METRIC).filter((name) => !names.has(name))).toEqual([]);
    expect([...names].filter((name) => !(Object.values(METRIC) as string[]).includes(name) && !process.has(name))).toEqual([]);
    expect([...process].filter((name) => !names.has(name))).toEqual([]);
    expect([...process].filter((name) => !/^(process|nodejs)_/.test(name))).toEqual([]);
  });

  it('the alert rules read are exported by the answerer (deploy/prometheus/alerts.yml)', async () => {
    const { series } = await exported();
    const rules = alertExpressions(readFileSync(ALERTS, 'utf8'));
    expect(rules.length).toBeGreaterThanOrEqual(7);
    const read = rules.map(([alert, expr]) => [alert, metricNamesIn(expr)] as const);
    expect(read.filter(([, names]) => names.length > 0).length).toBeGreaterThanOrEqual(6);
    expect(read.flatMap(([alert, names]) => names.filter((name) => !series.has(name)).map((name) => `${alert}: ${name}`))).toEqual([]);
  });

  it('the judge’s queries read are exported by the answerer (rollout/cohortFigures.ts)', async () => {
    const { series } = await exported();
    const asked: string[] = [];
    const recording: PrometheusReader = {
      query(expression) {
        asked.push(expression);
        return Promise.resolve([]);
      },
    };
    await cohortFigures(recording, { id: 'r1' }, 0, 60_000);
    expect(asked.length).toBeGreaterThan(0);
    const read = asked.map((expression) => [expression, metricNamesIn(expression)] as const);
    expect(read.filter(([, names]) => names.length === 0)).toEqual([]);
    expect(
      read.flatMap(([expression, names]) => names.filter((name) => !series.has(name)).map((name) => `${name} in ${expression}`)),
    ).toEqual([]);
  });
});
