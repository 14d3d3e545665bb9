/**
 * Every metric name the answerer exports (metrics.ts, requestDurations.ts), the one place they are
 * spelled (of the process's own, named by prom-client's default collectors, those read): the judge's
 * queries (rollout/cohortFigures.ts), the benches and the tests read them here.
 * deploy/prometheus/alerts.yml cannot import them: metricNames.test.ts checks it names only these.
 * docs/operations.md ("Watching production") says what each one counts.
 */
export const METRIC = {
  /** A histogram: OpenTelemetry's http.server.request.duration. */
  requestDuration: 'http_server_request_duration_seconds',
  /**
   * The process's own, as prom-client's default collectors name them (collectDefaultMetrics: these
   * and the rest of its `process_*` and `nodejs_*`), the ones the bench reads: the event loop's delay
   * since the last scrape (Node's histogram, the 10 ms sampling interval included).
   */
  eventLoopLagP99: 'nodejs_eventloop_lag_p99_seconds',
  eventLoopLagMax: 'nodejs_eventloop_lag_max_seconds',
  /** Pages asked of the renderer on demand, by outcome. */
  renders: 'maison_render_on_demand_total',
  rendersUnderWay: 'maison_render_on_demand_rendering',
  rendersWaiting: 'maison_render_on_demand_waiting',
  renderCacheEntries: 'maison_render_cache_entries',
  renderCacheBytes: 'maison_render_cache_bytes',
  /** 1, labelled with the generation served and its host build. */
  generationInfo: 'maison_generation_info',
  /** 1 per remote build the generation served names (first choice, fallbacks). */
  remoteBuildInfo: 'maison_remote_build_info',
  ready: 'maison_ready',
  lastPublishTimestamp: 'maison_last_publish_timestamp_seconds',
  publishes: 'maison_publishes_total',
  /** The pages' beacons received, by outcome. */
  signals: 'maison_signals_total',
  pageViews: 'maison_page_views_total',
  pageLcp: 'maison_page_lcp_seconds',
  pageInp: 'maison_page_inp_seconds',
  pageCls: 'maison_page_cls',
  remoteLoads: 'maison_remote_loads_total',
  remoteLoadFailures: 'maison_remote_load_failures_total',
  pageErrors: 'maison_page_errors_total',
  /** Shoppers' evidence per client group (observe/signals.ts), what the alert rules read without the group that carries the most. */
  groupViews: 'maison_group_views_total',
  groupErrorViews: 'maison_group_error_views_total',
  groupLoadFailures: 'maison_group_load_failures_total',
  /** Page loads' LCP by Web Vitals rating (good, needs-improvement, poor), by the template of the page they opened. */
  groupLcp: 'maison_group_lcp_total',
  /** Page-load tokens asked for (observe/pageLoadTokens.ts), by outcome. */
  pageLoadTokens: 'maison_page_load_tokens_total',
  /** The running rollout's evidence, by cohort and client group (rollout/spread.ts): page loads by the cohort they came with (the sample-ratio check)… */
  rolloutPageLoads: 'maison_rollout_page_loads_total',
  /** …and, by the cohort of the build the page ran: views of the remote, views with its errors, loads it failed, the compared vitals. */
  rolloutViews: 'maison_rollout_views_total',
  rolloutErrorViews: 'maison_rollout_error_views_total',
  rolloutLoadFailures: 'maison_rollout_load_failures_total',
  rolloutLcp: 'maison_rollout_lcp_seconds',
  rolloutInp: 'maison_rollout_inp_seconds',
} as const;

export type MetricName = (typeof METRIC)[keyof typeof METRIC];
