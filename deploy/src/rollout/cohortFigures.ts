/**
 * A rollout step's figures for the judge, read from Prometheus: what the pages' beacons said
 * (observe/metrics.ts, the rollout's own metrics) of each cohort since the step began, per client
 * group, shoppers only (a tester's override is never counted there). Each figure is a counter's value at the
 * end less its value at the step's start, per series: exact counts, and a series born within the
 * step counts whole (Prometheus's increase() would drop its first scrape). A counter that went
 * back (a server restarted) counts from zero.
 */
import type { RolloutRecord } from '@maison/host/contract';
import { METRIC } from '../observe/metricNames.ts';
import type { CohortFigures } from './judge.ts';
import type { GroupFigures } from './spread.ts';
import type { Bucket } from './statistics.ts';

export interface Sample {
  metric: Record<string, string>;
  value: number;
}

export interface PrometheusReader {
  /** An instant query's samples at `atMs`. */
  query(expression: string, atMs: number): Promise<Sample[]>;
}

/** Prometheus's HTTP API at `base` (http://prometheus:9090). */
export function prometheusAt(base: string, fetch: typeof globalThis.fetch = globalThis.fetch): PrometheusReader {
  return {
    async query(expression, atMs) {
      const url = new URL('/api/v1/query', base);
      url.searchParams.set('query', expression);
      url.searchParams.set('time', String(atMs / 1000));
      const answer = await fetch(url, { signal: AbortSignal.timeout(10_000) });
      const body = (await answer.json().catch(() => undefined)) as
        | {
            status: string;
            error?: string;
            data?: { resultType: string; result: Array<{ metric: Record<string, string>; value: [number, string] }> };
          }
        | undefined;
      if (!answer.ok || body?.status !== 'success' || body.data?.resultType !== 'vector')
        throw new Error(`Prometheus at ${base} answered ${answer.status}${body?.error ? `: ${body.error}` : ''} to ${expression}`);
      return body.data.result.map(({ metric, value }) => ({ metric, value: Number(value[1]) }));
    },
  };
}

const labelsKey = (metric: Record<string, string>) => JSON.stringify(Object.entries(metric).sort(([a], [b]) => a.localeCompare(b)));

/** Per series: its value at `to` less its value at `from` (from zero when absent then, or when it went back). */
async function grown(reader: PrometheusReader, expression: string, fromMs: number, toMs: number): Promise<Sample[]> {
  const [before, after] = await Promise.all([reader.query(expression, fromMs), reader.query(expression, toMs)]);
  const start = new Map(before.map(({ metric, value }) => [labelsKey(metric), value]));
  return after.map(({ metric, value }) => {
    const was = start.get(labelsKey(metric)) ?? 0;
    return { metric, value: value >= was ? value - was : value };
  });
}

const total = (samples: Sample[], where: (metric: Record<string, string>) => boolean) =>
  samples.filter(({ metric }) => where(metric)).reduce((sum, { value }) => sum + value, 0);

/** A cohort and group's cumulative buckets, on the bounds any has (one without observations has them all at 0). */
function buckets(samples: Sample[], where: (metric: Record<string, string>) => boolean): Bucket[] {
  const boundOf = (metric: Record<string, string>) => (metric.le === '+Inf' ? Infinity : Number(metric.le));
  const bounds = [...new Set([Infinity, ...samples.map(({ metric }) => boundOf(metric))])].sort((a, b) => a - b);
  return bounds.map((le) => ({ le, count: total(samples, (metric) => where(metric) && boundOf(metric) === le) }));
}

/** Both cohorts' figures over [fromMs, toMs], per client group (rollout/spread.ts judges them). */
export async function cohortFigures(
  reader: PrometheusReader,
  rollout: Pick<RolloutRecord, 'id'>,
  fromMs: number,
  toMs: number,
): Promise<GroupFigures[]> {
  const of = `{rollout="${rollout.id}"}`;
  const [pageLoads, views, errors, failures, lcp, inp] = await Promise.all(
    [
      `sum by (cohort, group) (${METRIC.rolloutPageLoads}${of})`,
      `sum by (cohort, group) (${METRIC.rolloutViews}${of})`,
      `sum by (cohort, group) (${METRIC.rolloutErrorViews}${of})`,
      `sum by (cohort, group) (${METRIC.rolloutLoadFailures}${of})`,
      `sum by (cohort, group, le) (${METRIC.rolloutLcp}_bucket${of})`,
      `sum by (cohort, group, le) (${METRIC.rolloutInp}_bucket${of})`,
    ].map((expression) => grown(reader, expression, fromMs, toMs)),
  );
  const groups = [
    ...new Set([pageLoads, views, errors, failures, lcp, inp].flatMap((samples) => samples!.map(({ metric }) => metric.group ?? ''))),
  ];
  const figures = (group: string, cohort: 'canary' | 'stable'): CohortFigures => {
    const mine = (metric: Record<string, string>) => metric.group === group && metric.cohort === cohort;
    return {
      views: total(views!, mine),
      assignedViews: total(pageLoads!, mine),
      errors: total(errors!, mine),
      loadFailures: total(failures!, mine),
      lcp: buckets(lcp!, mine),
      inp: buckets(inp!, mine),
    };
  };
  return groups.sort().map((group) => ({ group, canary: figures(group, 'canary'), stable: figures(group, 'stable') }));
}
