/** The pages' beacons as metrics (answer/beacons/beaconReceiver.ts receives them, beaconCounts.ts says what they count). */
import { Counter, Histogram, type Registry } from 'prom-client';
import { METRIC } from './metricNames.ts';
import type { RolloutLabels, SignalCounts } from '../answer/beacons/beaconCounts.ts';

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

/** Shoppers' evidence per client group, for the alert rules (which leave out the group that carries the most). */
function groupMetrics(registry: Registry): SignalCounts['groups'] {
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
  return {
    view: (labels) => groupViews.inc({ ...labels }),
    errorView: (labels) => groupErrors.inc({ ...labels }),
    loadFailure: (labels) => groupFailures.inc({ ...labels }),
    lcp: (labels) => groupLcp.inc({ ...labels }),
  };
}

/** LCP, INP (seconds) and CLS of page loads, by page template and build. */
function vitalMetrics(registry: Registry, labelNames: readonly string[]) {
  return {
    LCP: new Histogram({
      name: METRIC.pageLcp,
      help: 'Largest Contentful Paint of page loads, by landing page template and build.',
      labelNames,
      buckets: [0.5, 1, 1.5, 2, 2.5, 3, 4, 5, 7.5, 10, 20],
      registers: [registry],
    }),
    INP: new Histogram({
      name: METRIC.pageInp,
      help: 'Interaction to Next Paint of page loads, by page template and build.',
      labelNames,
      buckets: [0.05, 0.1, 0.2, 0.3, 0.5, 0.75, 1, 2, 5],
      registers: [registry],
    }),
    CLS: new Histogram({
      name: METRIC.pageCls,
      help: 'Cumulative Layout Shift of page loads, by page template and build.',
      labelNames,
      buckets: [0.01, 0.05, 0.1, 0.15, 0.25, 0.5, 1],
      registers: [registry],
    }),
  };
}

/** What the pages' beacons say, counted: by page template and build, per client group, and the running rollout's evidence. */
export function signalMetrics(registry: Registry): SignalCounts {
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
  const vitals = vitalMetrics(registry, page);
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
  const groups = groupMetrics(registry);
  return {
    beacon: (outcome) => beacons.inc({ outcome }),
    token: (outcome) => tokens.inc({ outcome }),
    view: (labels) => views.inc({ ...labels }),
    // LCP and INP come in milliseconds; CLS is a score.
    vital: (name, labels, value) => vitals[name].observe({ ...labels }, name === 'CLS' ? value : value / 1000),
    load: (labels, fallback) => loads.inc({ ...labels, fallback: String(fallback) }),
    failure: (labels, reason) => failures.inc({ ...labels, reason }),
    error: (labels) => errors.inc({ ...labels }),
    groups,
    rollout,
  };
}
