/**
 * The servers' metrics, in Prometheus's text format (prom-client), served on a port of their own
 * (metricsServer.ts). Every label is bounded: an app, a method, a route template, a status class,
 * an outcome, a remote and a build of the generations served. Never a raw path, a query value or
 * anything of a shopper's. docs/operations.md ("Watching production") lists them.
 */
import { collectDefaultMetrics, Counter, Gauge, Registry } from 'prom-client';
import { METRIC } from './metricNames.ts';
import { requestDurations } from './requestDurations.ts';
import type { AnswerMetrics, RenderLoad, ServedBuilds } from '../answer/answerMetrics.ts';
import type { CacheOutcome } from '../answer/pageCache.ts';
import type { PublishEntry } from '../environment/publishJournal.ts';
import type { AccessLine } from './logger.ts';
import { signalMetrics } from './signalMetrics.ts';

/** HTTP methods as OpenTelemetry names them; anything else is `_OTHER`. */
const KNOWN_METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'DELETE', 'OPTIONS', 'PATCH', 'TRACE', 'CONNECT']);

/** What the renderer on demand did (by outcome) and holds now (read at each scrape from every cache watched). */
function renderMetrics(registry: Registry) {
  const renders = new Counter({
    name: METRIC.renders,
    help: 'Pages asked of the renderer on demand, by outcome: kept, rendered, joined (a render under way), failed, refused-client|rate|queue.',
    labelNames: ['outcome'] as const,
    registers: [registry],
  });
  const renderLoads: Array<() => RenderLoad> = [];
  const load = (pick: (load: RenderLoad) => number) =>
    function (this: Gauge) {
      this.set(renderLoads.reduce((sum, read) => sum + pick(read()), 0));
    };
  for (const [name, help, pick] of [
    [METRIC.rendersUnderWay, 'Renders on demand under way.', (l: RenderLoad) => l.rendering],
    [METRIC.rendersWaiting, 'Renders on demand queued.', (l: RenderLoad) => l.waiting],
    [METRIC.renderCacheEntries, 'Pages rendered on demand and kept.', (l: RenderLoad) => l.entries],
    [METRIC.renderCacheBytes, 'Bytes of the pages rendered on demand and kept.', (l: RenderLoad) => l.bytes],
  ] as const)
    new Gauge({ name, help, registers: [registry], collect: load(pick) });

  return {
    rendered: (outcome: CacheOutcome) => renders.inc({ outcome }),
    /** A renderer's cache to read at each scrape. */
    watchRenderLoad: (read: () => RenderLoad) => void renderLoads.push(read),
  };
}

/** What a server serves (its generation, the builds named), and whether it is ready. */
function servedMetrics(registry: Registry) {
  const servedReads: Array<() => ServedBuilds> = [];
  new Gauge({
    name: METRIC.generationInfo,
    help: 'The generation served (1), with the host build that rendered it.',
    labelNames: ['generation', 'host_build'] as const,
    registers: [registry],
    collect() {
      this.reset();
      for (const read of servedReads) {
        const { generation, hostBuild } = read();
        this.set({ generation: generation ?? 'none', host_build: hostBuild ?? 'none' }, 1);
      }
    },
  });
  new Gauge({
    name: METRIC.remoteBuildInfo,
    help: "Each remote's builds in the generation served (1): first choice and fallbacks.",
    labelNames: ['remote', 'build', 'choice'] as const,
    registers: [registry],
    collect() {
      this.reset();
      for (const read of servedReads)
        for (const [remote, builds] of Object.entries(read().remotes))
          for (const { build, choice } of builds) this.set({ remote, build, choice }, 1);
    },
  });
  const readiness = new Map<string, () => Promise<{ ready: boolean }>>();
  new Gauge({
    name: METRIC.ready,
    help: 'Whether each app of this process is ready (1) or not (0), as its /readyz says.',
    labelNames: ['app'] as const,
    registers: [registry],
    async collect() {
      this.reset();
      for (const [app, check] of readiness) this.set({ app }, (await check()).ready ? 1 : 0);
    },
  });
  const reachable: Array<() => boolean> = [];
  new Gauge({
    name: METRIC.environmentReachable,
    help: 'Whether the last look at the environment answered (1); 0 while its store cannot be reached and the last generation followed is served.',
    registers: [registry],
    collect() {
      this.reset();
      for (const read of reachable) this.set(read() ? 1 : 0);
    },
  });
  return {
    watchServed: (read: () => ServedBuilds) => void servedReads.push(read),
    /** Whether the environment answers (environment/follower.ts). */
    watchEnvironment: (read: () => boolean) => void reachable.push(read),
    watchReady: (app: string, check: () => Promise<{ ready: boolean }>) => void readiness.set(app, check),
  };
}

/** The environment's publishes, from its journal read at each scrape: when each outcome last ended, and how many since start. */
function publishMetrics(registry: Registry) {
  const journals: Array<() => readonly PublishEntry[]> = [];
  let countedUpTo = new Date().toISOString();
  new Gauge({
    name: METRIC.lastPublishTimestamp,
    help: "When the environment's last publish of each outcome ended (its journal, publishes.jsonl).",
    labelNames: ['outcome'] as const,
    registers: [registry],
    collect() {
      for (const { at, outcome } of journals.flatMap((read) => read())) this.set({ outcome }, Date.parse(at) / 1000);
    },
  });
  new Counter({
    name: METRIC.publishes,
    help: 'Publishes of the environment since this server started, by outcome: published, degraded (some routes rendered in the browser), failed.',
    labelNames: ['outcome'] as const,
    registers: [registry],
    collect() {
      const entries = journals.flatMap((read) => read());
      for (const { at, outcome } of entries) if (at > countedUpTo) this.inc({ outcome });
      countedUpTo = entries.reduce((latest, { at }) => (at > latest ? at : latest), countedUpTo);
    },
  });

  return {
    /** An environment's journal of publishes, read at each scrape (environment/publishJournal.ts). */
    watchPublishes: (read: () => readonly PublishEntry[]) => void journals.push(read),
  };
}

/**
 * The answerer's metrics; with `processMetrics` (the default), the process's own too, as
 * prom-client's default collectors name them (`process_*`, `nodejs_*`): one registry a process
 * should have them.
 */
export function serverMetrics({ processMetrics = true }: { processMetrics?: boolean } = {}) {
  const registry = new Registry();
  if (processMetrics) collectDefaultMetrics({ register: registry });

  const requests = requestDurations(registry);
  const render = renderMetrics(registry);
  const served = servedMetrics(registry);
  const publishes = publishMetrics(registry);
  const signals = signalMetrics(registry);

  return {
    registry,
    signals,
    /** One answer, as its access line says it. */
    answered({ app, method, status, duration, context }: AccessLine) {
      requests.observe(app, context.served.route ?? '(none)', KNOWN_METHODS.has(method) ? method : '_OTHER', status, duration);
    },
    ...render,
    ...served,
    ...publishes,
  } satisfies AnswerMetrics & Record<string, unknown>;
}

export type ServerMetrics = ReturnType<typeof serverMetrics>;
