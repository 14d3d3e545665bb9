/**
 * What the serving commands (serve, serve:nginx) tell of themselves: their lines and an access line
 * per answer on standard output as JSON, and metrics with the probes on a loopback port
 * (`--metrics HOST:PORT|off`, default the host's port + 6464: 9464 beside 3000). `--no-access-log`
 * drops the access lines (the bench's "off").
 */
import { serverLog, type ServerLog } from '../observe/logger.ts';
import { serverMetrics } from '../observe/metrics.ts';
import { metricsAddress } from '../observe/metricsServer.ts';
import { observer, type Observer } from '../observe/observer.ts';

export const OBSERVING_OPTIONS = {
  metrics: { type: 'string' },
  'no-access-log': { type: 'boolean' },
} as const;

export const OBSERVING_USAGE = '[--metrics HOST:PORT|off] [--no-access-log]';

export function observing(values: { metrics?: string | undefined; 'no-access-log'?: boolean | undefined }): {
  log: (line: string) => void;
  observer: Observer;
  /** Where the metrics are served for a shop whose host is on `hostPort`; undefined when off. */
  metricsAt(hostPort: number): { host: string; port: number } | undefined;
} {
  const lines = serverLog();
  const metrics = values.metrics === 'off' ? undefined : serverMetrics();
  const log: ServerLog = values['no-access-log'] ? { ...lines, access: () => {} } : lines;
  process.on('exit', () => lines.flush());
  return {
    log: lines.say,
    observer: observer({ log, ...(metrics ? { metrics } : {}) }),
    metricsAt: (hostPort) => (metrics ? metricsAddress(values.metrics ?? String(hostPort + 6464)) : undefined),
  };
}
