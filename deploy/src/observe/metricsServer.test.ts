import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { serverMetrics } from './metrics.ts';
import { allReady, metricsAddress, serveMetrics } from './metricsServer.ts';

describe('the metrics port', () => {
  let server: Server;
  let origin: string;
  const metrics = serverMetrics();
  let cartReady = true;

  beforeAll(async () => {
    const readiness = allReady({
      host: () => Promise.resolve({ ready: true, checks: { generation: 'g1' } }),
      cart: () => Promise.resolve({ ready: cartReady, checks: { build: cartReady } }),
    });
    server = await serveMetrics(metrics, readiness, { host: '127.0.0.1', port: 0 });
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise((resolve) => server.close(resolve)));

  it('serves the metrics in Prometheus’s text format, with bounded labels only', async () => {
    const context = (route: string) => ({ requestId: 'r-12345678', served: { route } });
    metrics.answered({ app: 'host', method: 'GET', status: 200, bytes: 10, duration: 0.02, context: context('/products/:slug') });
    metrics.answered({ app: 'host', method: 'BREW', status: 405, bytes: 10, duration: 0.001, context: context('(method)') });
    metrics.rendered('refused-client');
    metrics.watchRenderLoad(() => ({ rendering: 1, waiting: 2, entries: 3, bytes: 4096 }));
    metrics.watchServed(() => ({ generation: 'g1', hostBuild: 'h1', remotes: { cart: [{ build: '0.1.0+abc', choice: 'first' }] } }));
    const text = await (await fetch(`${origin}/metrics`)).text();
    expect(text).toContain(
      'http_server_request_duration_seconds_count{app="host",http_route="/products/:slug",http_request_method="GET",status_class="2xx"} 1',
    );
    expect(text).toContain('http_request_method="_OTHER",status_class="4xx"} 1');
    // OpenTelemetry's buckets (prom-client's Histogram).
    expect(text).toContain(
      'http_server_request_duration_seconds_bucket{le="0.01",app="host",http_route="/products/:slug",http_request_method="GET",status_class="2xx"} 0',
    );
    expect(text).toContain(
      'http_server_request_duration_seconds_bucket{le="0.025",app="host",http_route="/products/:slug",http_request_method="GET",status_class="2xx"} 1',
    );
    expect(text).toMatch(/http_server_request_duration_seconds_bucket\{le="10",.*status_class="4xx"\} 1\n/);
    expect(text).toContain('maison_render_on_demand_total{outcome="refused-client"} 1');
    expect(text).toContain('maison_render_on_demand_waiting 2');
    expect(text).toContain('maison_render_cache_bytes 4096');
    expect(text).toContain('maison_generation_info{generation="g1",host_build="h1"} 1');
    expect(text).toContain('maison_remote_build_info{remote="cart",build="0.1.0+abc",choice="first"} 1');
  });

  it('counts the publishes the environment’s journal records after the server started', async () => {
    const before = new Date(Date.now() - 60_000).toISOString();
    const after = new Date(Date.now() + 1_000).toISOString();
    metrics.watchPublishes(() => [
      { at: before, outcome: 'published', doing: 'an earlier publish' },
      { at: after, outcome: 'degraded', generation: 'g2', doing: 'npm run render' },
    ]);
    const text = await (await fetch(`${origin}/metrics`)).text();
    expect(text).toContain('maison_publishes_total{outcome="degraded"} 1');
    expect(text).not.toContain('maison_publishes_total{outcome="published"}');
    expect(text).toMatch(/maison_last_publish_timestamp_seconds\{outcome="published"\} \d+/);
    // Counted once, however often it is scraped.
    expect(await (await fetch(`${origin}/metrics`)).text()).toContain('maison_publishes_total{outcome="degraded"} 1');
  });

  it('answers the probes for every app of the process together', async () => {
    expect(await (await fetch(`${origin}/readyz`)).json()).toEqual({
      ready: true,
      checks: { 'host.generation': 'g1', 'cart.build': true },
    });
    cartReady = false;
    expect((await fetch(`${origin}/readyz`)).status).toBe(503);
    expect((await fetch(`${origin}/healthz`)).status).toBe(200);
  });

  it.each([
    ['9464', { host: '127.0.0.1', port: 9464 }],
    ['0.0.0.0:9464', { host: '0.0.0.0', port: 9464 }],
    ['[::1]:9464', { host: '::1', port: 9464 }],
  ])('reads the address %s', (text, address) => expect(metricsAddress(text)).toEqual(address));

  it('refuses an address it cannot read', () => {
    expect(() => metricsAddress('here')).toThrow('"here" is not a metrics address');
  });
});
