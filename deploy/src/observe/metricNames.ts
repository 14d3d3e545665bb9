/**
 * Every metric name the answerer exports, spelled once: the judge, the benches and the tests read
 * them here; metricNames.test.ts checks alerts.yml names only these. What each counts: docs/operations.md.
 */
export const METRIC = {
  /** A histogram: OpenTelemetry's http.server.request.duration. */
  requestDuration: 'http_server_request_duration_seconds',
  /** The process's own (prom-client's default collectors), the ones the bench reads. */
  eventLoopLagP99: 'nodejs_eventloop_lag_p99_seconds',
  eventLoopLagMax: 'nodejs_eventloop_lag_max_seconds',
  /** Pages asked of the renderer on demand, by outcome. */
  renders: 'maison_render_on_demand_total',
  rendersUnderWay: 'maison_render_on_demand_rendering',
  rendersWaiting: 'maison_render_on_demand_waiting',
  renderCacheEntries: 'maison_render_cache_entries',
  renderCacheBytes: 'maison_render_cache_bytes',
  generationInfo: 'maison_generation_info',
  remoteBuildInfo: 'maison_remote_build_info',
  ready: 'maison_ready',
  /** Whether the answerer's last look at its environment (an object store) answered: 0 while it serves what it followed last. */
  environmentReachable: 'maison_environment_reachable',
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
  /** Per client group: what the alert rules read. */
  groupViews: 'maison_group_views_total',
  groupErrorViews: 'maison_group_error_views_total',
  groupLoadFailures: 'maison_group_load_failures_total',
  groupLcp: 'maison_group_lcp_total',
  pageLoadTokens: 'maison_page_load_tokens_total',
  /** The running rollout's evidence, by cohort and client group (rollout/spread.ts). */
  rolloutPageLoads: 'maison_rollout_page_loads_total',
  rolloutViews: 'maison_rollout_views_total',
  rolloutErrorViews: 'maison_rollout_error_views_total',
  rolloutLoadFailures: 'maison_rollout_load_failures_total',
  rolloutLcp: 'maison_rollout_lcp_seconds',
  rolloutInp: 'maison_rollout_inp_seconds',
} as const;

export type MetricName = (typeof METRIC)[keyof typeof METRIC];
