/**
 * The servers' metrics, in Prometheus's text format (prom-client), served on a port of their own
 * (metricsServer.ts). Every label is bounded: an app, a method, a route template, a status class,
 * an outcome, a remote and a build of the generations served. Never a raw path, a query value or
 * anything of a shopper's. docs/operations.md ("Watching production") lists them.
 */
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { METRIC } from './metricNames.ts';
import { requestDurations } from './requestDurations.ts';
import type { CacheOutcome } from '../render/pageCache.ts';
import type { PublishEntry } from './publishJournal.ts';
import type { AccessLine } from './logger.ts';
import type { RolloutLabels, SignalCounts } from './beaconCounts.ts';
import type { Generation } from '../environment/generation.ts';

/** HTTP methods as OpenTelemetry names them; anything else is `_OTHER`. */
const KNOWN_METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'DELETE', 'OPTIONS', 'PATCH', 'TRACE', 'CONNECT']);

/** What the pages' renderer on demand holds now, read at each scrape. */
export interface RenderLoad {
  rendering: number;
  waiting: number;
  entries: number;
  bytes: number;
}

/** What a server serves now, read at each scrape: its generation and the builds it names. */
export interface ServedBuilds {
  generation?: string;
  hostBuild?: string;
  /** Per remote, its builds as remotes.json lists them (first choice first). */
  remotes: Record<string, Array<{ build: string; choice: 'first' | 'fallback' }>>;
}

/** The running rollout's evidence per cohort and client group; a new rollout's first count drops the last one's series. */
function rolloutMetrics(registry: Registry): SignalCounts['rollout'] {
  const labelNames = ['rollout', 'cohort', 'group'] as const;
  const counter = (name: string, help: string) => new Counter({ name, help, labelNames, registers: [registry] });
  const histogram = (name: string, help: string, buckets: number[]) =>
    new Histogram({ name, help, labelNames, buckets, registers: [registry] });
  const pageLoads = counter(
    METRIC.rolloutPageLoads,
    "Shoppers' page loads by the rollout cohort they came with (not those made to move them): the sample-ratio check.",
  );
  const views = counter(METRIC.rolloutViews, "Pages showing the rollout's remote, by the cohort of the build the page ran.");
  const errorViews = counter(METRIC.rolloutErrorViews, "Pages shown with an error from the rollout's remote, by the cohort of its build.");
  const failures = counter(
    METRIC.rolloutLoadFailures,
    "Page loads whose module of the rollout's remote did not load (failed, or a fallback shown).",
  );
  const lcp = histogram(
    METRIC.rolloutLcp,
    'LCP of page loads that ran their own cohort’s build (not made to move their shopper).',
    [0.5, 1, 1.5, 2, 2.5, 3, 4, 5, 7.5, 10, 20],
  );
  const inp = histogram(
    METRIC.rolloutInp,
    'INP of page loads that ran their own cohort’s build (not made to move their shopper).',
    [0.05, 0.1, 0.2, 0.3, 0.5, 0.75, 1, 2, 5],
  );
  const all = [pageLoads, views, errorViews, failures, lcp, inp];
  let current: string | undefined;
  const of = (labels: RolloutLabels) => {
    if (labels.rollout !== current) for (const metric of all) metric.reset();
    current = labels.rollout;
    return labels;
  };
  return {
    assigned: (labels) => pageLoads.inc(of(labels)),
    view: (labels) => views.inc(of(labels)),
    errorView: (labels) => errorViews.inc(of(labels)),
    loadFailure: (labels) => failures.inc(of(labels)),
    vital: (name, labels, seconds) => (name === 'LCP' ? lcp : inp).observe(of(labels), seconds),
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

  const page = ['page', 'remote', 'build', 'audience'] as const;
  const beacons = new Counter({
    name: METRIC.signals,
    help: "Pages' beacons received, by outcome: accepted, or why refused (cross-site, no-token, forged, expired, rate-limited, too-large, cut-off, invalid, unknown-build).",
    labelNames: ['outcome'] as const,
    registers: [registry],
  });
  const views = new Counter({
    name: METRIC.pageViews,
    help: 'Pages shown, by page template and by each build the page runs (the host, the remotes its route shows).',
    labelNames: page,
    registers: [registry],
  });
  const vitals = {
    LCP: new Histogram({
      name: METRIC.pageLcp,
      help: 'Largest Contentful Paint of page loads, by landing page template and build.',
      labelNames: page,
      buckets: [0.5, 1, 1.5, 2, 2.5, 3, 4, 5, 7.5, 10, 20],
      registers: [registry],
    }),
    INP: new Histogram({
      name: METRIC.pageInp,
      help: 'Interaction to Next Paint of page loads, by page template and build.',
      labelNames: page,
      buckets: [0.05, 0.1, 0.2, 0.3, 0.5, 0.75, 1, 2, 5],
      registers: [registry],
    }),
    CLS: new Histogram({
      name: METRIC.pageCls,
      help: 'Cumulative Layout Shift of page loads, by page template and build.',
      labelNames: page,
      buckets: [0.01, 0.05, 0.1, 0.15, 0.25, 0.5, 1],
      registers: [registry],
    }),
  };
  const loads = new Counter({
    name: METRIC.remoteLoads,
    help: "Remote modules loaded by pages, by page template, remote and build (a fallback's under the first choice's build), and whether from a fallback.",
    labelNames: [...page, 'fallback'] as const,
    registers: [registry],
  });
  const failures = new Counter({
    name: METRIC.remoteLoadFailures,
    help: 'Remote modules pages could not load, by page template, remote, the build asked for, and reason.',
    labelNames: [...page, 'reason'] as const,
    registers: [registry],
  });
  const errors = new Counter({
    name: METRIC.pageErrors,
    help: 'Uncaught errors in pages, by page template and the remote whose files were on the stack (host otherwise), with its build.',
    labelNames: page,
    registers: [registry],
  });
  const tokens = new Counter({
    name: METRIC.pageLoadTokens,
    help: 'Page-load tokens pages asked for, by outcome: issued, cross-site, rate-limited.',
    labelNames: ['outcome'] as const,
    registers: [registry],
  });
  const rollout = rolloutMetrics(registry);
  const groupLabels = ['remote', 'build', 'group'] as const;
  const groupCounter = (name: string, help: string) => new Counter({ name, help, labelNames: groupLabels, registers: [registry] });
  const groupViews = groupCounter(
    METRIC.groupViews,
    "Shoppers' pages shown, by each build the page runs and the page load's client group.",
  );
  const groupErrors = groupCounter(
    METRIC.groupErrorViews,
    "Shoppers' pages shown with an error from the remote, by its build and client group.",
  );
  const groupFailures = groupCounter(
    METRIC.groupLoadFailures,
    "Shoppers' page loads whose module of the remote did not load, by the build asked for and client group.",
  );
  const groupLcp = new Counter({
    name: METRIC.groupLcp,
    help: "Shoppers' page loads by their LCP's Web Vitals rating, the template of the page they opened and client group.",
    labelNames: ['page', 'rating', 'group'] as const,
    registers: [registry],
  });
  /** What the pages' beacons say, counted (observe/signals.ts). */
  const signals: SignalCounts = {
    beacon: (outcome) => beacons.inc({ outcome }),
    token: (outcome) => tokens.inc({ outcome }),
    view: (labels) => views.inc({ ...labels }),
    // LCP and INP come in milliseconds; CLS is a score.
    vital: (name, labels, value) => vitals[name].observe({ ...labels }, name === 'CLS' ? value : value / 1000),
    load: (labels, fallback) => loads.inc({ ...labels, fallback: String(fallback) }),
    failure: (labels, reason) => failures.inc({ ...labels, reason }),
    error: (labels) => errors.inc({ ...labels }),
    groups: {
      view: (labels) => groupViews.inc({ ...labels }),
      errorView: (labels) => groupErrors.inc({ ...labels }),
      loadFailure: (labels) => groupFailures.inc({ ...labels }),
      lcp: (labels) => groupLcp.inc({ ...labels }),
    },
    rollout,
  };

  return {
    registry,
    signals,
    /** One answer, as its access line says it. */
    answered({ app, method, status, duration, context }: AccessLine) {
      requests.observe(app, context.served.route ?? '(none)', KNOWN_METHODS.has(method) ? method : '_OTHER', status, duration);
    },
    rendered: (outcome: CacheOutcome) => renders.inc({ outcome }),
    /** A renderer's cache to read at each scrape. */
    watchRenderLoad: (read: () => RenderLoad) => void renderLoads.push(read),
    watchServed: (read: () => ServedBuilds) => void servedReads.push(read),
    watchReady: (app: string, check: () => Promise<{ ready: boolean }>) => void readiness.set(app, check),
    /** An environment's journal of publishes, read at each scrape (observe/publishJournal.ts). */
    watchPublishes: (read: () => readonly PublishEntry[]) => void journals.push(read),
  };
}

export type ServerMetrics = ReturnType<typeof serverMetrics>;

/** The generation served and the builds it names, for the info metrics. */
export function servedBuilds(generation: Generation | undefined): ServedBuilds {
  if (!generation) return { remotes: {} };
  const { hostBuild, builds } = generation.render;
  const remotes = Object.fromEntries(
    Object.entries(builds?.remotes ?? {}).map(([remote, listed]) => [
      remote,
      listed.map(({ build }, index) => ({ build, choice: index === 0 ? ('first' as const) : ('fallback' as const) })),
    ]),
  );
  return { generation: generation.id, hostBuild: builds?.host ?? hostBuild, remotes };
}
