/**
 * Where a server tells what it answered: the access line (logger.ts) and the metrics (metrics.ts),
 * both from one record per answer. A process serving several apps has one observer.
 */
import type { AccessLine, ServerLog } from './logger.ts';
import type { ServerMetrics } from './metrics.ts';

export interface Observer {
  log: ServerLog;
  metrics?: ServerMetrics;
  answered(line: AccessLine): void;
}

export function observer({ log, metrics }: { log: ServerLog; metrics?: ServerMetrics }): Observer {
  return {
    log,
    ...(metrics ? { metrics } : {}),
    answered(line) {
      log.access(line);
      metrics?.answered(line);
    },
  };
}
