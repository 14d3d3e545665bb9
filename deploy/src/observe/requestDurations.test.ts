import { Histogram, Registry } from 'prom-client';
import { requestDurations } from './requestDurations.ts';

describe('the request durations histogram', () => {
  it('writes what prom-client’s own histogram writes for the same answers, bucket bounds, the largest and beyond included', async () => {
    const ours = new Registry();
    const theirs = new Registry();
    const durations = requestDurations(ours);
    const histogram = new Histogram({
      name: 'http_server_request_duration_seconds',
      help: durations.help,
      labelNames: ['app', 'http_route', 'http_request_method', 'status_class'] as const,
      buckets: [0.005, 0.01, 0.025, 0.05, 0.075, 0.1, 0.25, 0.5, 0.75, 1, 2.5, 5, 7.5, 10],
      registers: [theirs],
    });
    const answers = [
      ['host', '/products/:slug', 'GET', 200, 0.005],
      ['host', '/products/:slug', 'GET', 204, 0.0051],
      ['host', '/products/:slug', 'GET', 200, 0],
      ['host', '/products/:slug', 'HEAD', 200, 10],
      ['host', '/products/:slug', 'GET', 503, 10.5],
      ['host', '(file)', 'GET', 304, 0.3],
      ['cart', '(file)', '_OTHER', 405, 0.001],
      ['cart', '/remoteEntry.js', 'GET', 101, 2.5],
    ] as const;
    for (const [app, route, method, status, seconds] of answers) {
      durations.observe(app, route, method, status, seconds);
      histogram.observe({ app, http_route: route, http_request_method: method, status_class: `${Math.floor(status / 100)}xx` }, seconds);
    }
    const sorted = (text: string) => text.split('\n').sort();
    expect(sorted(await ours.metrics())).toEqual(sorted(await theirs.metrics()));
    expect(await ours.metrics()).toContain(
      'http_server_request_duration_seconds_bucket{le="0.005",app="host",http_route="/products/:slug",http_request_method="GET",status_class="2xx"} 2',
    );
    ours.resetMetrics();
    expect(await ours.metrics()).not.toContain('_count');
  });
});
