/**
 * `http_server_request_duration_seconds`, counted per answer without making a key, a text or an
 * object: prom-client's histogram makes a key of the labels for every count, which was most of what
 * the metrics cost an answer (docs/performance.md, "What watching production costs"; measured again
 * against prom-client's Histogram in "The libraries as designed": 6 points of throughput). prom-client's
 * registry writes it as it writes its own histograms (it asks `get()` at each scrape).
 */
import type { Metric, Registry } from 'prom-client';
import { METRIC } from './metricNames.ts';

const BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.075, 0.1, 0.25, 0.5, 0.75, 1, 2.5, 5, 7.5, 10];
const NAME = METRIC.requestDuration;

interface Series {
  labels: { app: string; http_route: string; http_request_method: string; status_class: string };
  /** Counts per bucket (not cumulative), the last one beyond the largest. */
  counts: number[];
  sum: number;
  count: number;
}

type Tree<T> = Map<string, T>;
const child = <T>(tree: Tree<T>, key: string, make: () => T): T => {
  let found = tree.get(key);
  if (found === undefined) tree.set(key, (found = make()));
  return found;
};

export function requestDurations(registry: Registry) {
  // app → route → method → series by status class (1–5): the texts are the code's own, so each lookup hashes nothing new.
  const tree: Tree<Tree<Tree<Array<Series | undefined>>>> = new Map();
  const all: Series[] = [];
  const seriesOf = (app: string, route: string, method: string, statusClass: number): Series => {
    const byRoute = child(tree, app, () => new Map());
    const byMethod = child(byRoute, route, () => new Map());
    const byStatus = child(byMethod, method, (): Array<Series | undefined> => []);
    const found = byStatus[statusClass];
    if (found) return found;
    const labels = { app, http_route: route, http_request_method: method, status_class: `${statusClass}xx` };
    const series: Series = { labels, counts: BUCKETS.map(() => 0).concat(0), sum: 0, count: 0 };
    all.push((byStatus[statusClass] = series));
    return series;
  };
  const metric = {
    name: NAME,
    help: 'Time to answer a request, by app, route template, method and status class (OpenTelemetry http.server.request.duration).',
    type: 'histogram',
    aggregator: 'sum',
    observe(app: string, route: string, method: string, status: number, seconds: number) {
      const series = seriesOf(app, route, method, Math.min(5, Math.max(1, Math.floor(status / 100))));
      let bucket = 0;
      while (bucket < BUCKETS.length && seconds > BUCKETS[bucket]!) bucket++;
      series.counts[bucket]!++;
      series.sum += seconds;
      series.count++;
    },
    async get() {
      const values = all.flatMap(({ labels, counts, sum, count }) => {
        let cumulative = 0;
        const buckets = [...BUCKETS, '+Inf' as const].map((le, index) => {
          cumulative += counts[index]!;
          return { metricName: `${NAME}_bucket`, labels: { le, ...labels }, value: cumulative };
        });
        return [...buckets, { metricName: `${NAME}_sum`, labels, value: sum }, { metricName: `${NAME}_count`, labels, value: count }];
      });
      return { name: NAME, help: metric.help, type: metric.type, aggregator: metric.aggregator, values };
    },
    reset() {
      tree.clear();
      all.length = 0;
    },
  };
  // Not one of prom-client's classes, but what its registry reads of one (name, help, type, get, reset).
  registry.registerMetric(metric as unknown as Metric);
  return metric;
}
