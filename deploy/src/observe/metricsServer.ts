/**
 * The metrics port: Prometheus's text format at `/metrics`, and the probes (`/healthz`, `/readyz`:
 * every app of the process ready), on an address of its own, loopback unless configured otherwise,
 * never on the shop's public ports.
 */
import { createServer, type Server } from 'node:http';
import { probeAnswer, type ReadinessCheck } from '../answer/health.ts';
import type { ServerMetrics } from './metrics.ts';

/** `127.0.0.1:9464` → host and port; a port alone is on loopback. */
export function metricsAddress(text: string): { host: string; port: number } {
  const match = /^(?:(\[[0-9a-fA-F:.]+\]|[A-Za-z0-9.-]+):)?(\d{1,5})$/.exec(text);
  const port = Number(match?.[2]);
  if (!match || port < 0 || port > 65535) throw new Error(`"${text}" is not a metrics address (HOST:PORT, or a port on 127.0.0.1)`);
  return { host: match[1]?.replace(/^\[|\]$/g, '') ?? '127.0.0.1', port };
}

/** Every app's readiness together: ready when all are, with each app's checks. */
export function allReady(checks: Record<string, ReadinessCheck>): ReadinessCheck {
  return async () => {
    const found = await Promise.all(Object.entries(checks).map(async ([app, check]) => [app, await check()] as const));
    return {
      ready: found.every(([, readiness]) => readiness.ready),
      checks: Object.fromEntries(
        found.flatMap(([app, { checks: each }]) => Object.entries(each).map(([name, value]) => [`${app}.${name}`, value])),
      ),
    };
  };
}

export function serveMetrics(metrics: ServerMetrics, readiness: ReadinessCheck, address: { host: string; port: number }): Promise<Server> {
  const server = createServer(async (req, res) => {
    const pathname = (req.url ?? '/').split('?')[0]!;
    if (pathname === '/metrics' && (req.method === 'GET' || req.method === 'HEAD')) {
      const text = await metrics.registry.metrics();
      res.writeHead(200, { 'Content-Type': metrics.registry.contentType, 'Cache-Control': 'no-store' });
      return void res.end(req.method === 'HEAD' ? undefined : text);
    }
    const probe = await probeAnswer(pathname, readiness);
    if (!probe?.body) return void res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' }).end('Not found\n');
    res.writeHead(probe.status, { ...probe.headers, 'Content-Type': probe.body.type });
    res.end(probe.body.bytes);
  });
  return new Promise((resolve, reject) => {
    server.once('error', (error) => reject(new Error(`cannot serve metrics on ${address.host}:${address.port}: ${error.message}`)));
    server.listen(address.port, address.host, () => resolve(server));
  });
}
