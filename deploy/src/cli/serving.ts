/** What serve and serve:nginx share: their common options, their lines and metrics (docs/operations.md, "Watching production"), how they stop. */
import path from 'node:path';
import type { parseArgs } from 'node:util';
import { APPS, appsFrom, isHostApp } from '../../../apps.mts';
import { serverLog, type ServerLog } from '../observe/logger.ts';
import { serverMetrics } from '../observe/metrics.ts';
import { metricsAddress } from '../observe/metricsServer.ts';
import { observer } from '../observe/observer.ts';
import { isStoreAddress } from '../environment/environment.ts';
import { ENV_OPTION, environmentWhere, parseOptions, ROOT, type CommandOptions } from './options.ts';

const SERVING_OPTIONS = {
  ...ENV_OPTION,
  'no-publish': { type: 'boolean', help: 'serve what the environment published last, as it is' },
  'base-port': { type: 'string', help: "the apps on N, N+1, … (apps.json's order): a second shop on one machine" },
  metrics: { type: 'string', help: "where the metrics and probes are served (default: loopback, the host's port + 6464: 9464), or off" },
  'no-access-log': { type: 'boolean', help: 'no access line per answer (the bench\'s "off")' },
} as const;

/** A serving command's options (its own, then the shared ones; `usage` is its synopsis) and what they set up. */
export function servingCommand<Options extends CommandOptions>(command: string, usage: string, options: Options) {
  const parsed = parseOptions(command, usage, { ...options, ...SERVING_OPTIONS });
  const values = parsed.values as typeof parsed.values & ReturnType<typeof parseArgs<{ options: typeof SERVING_OPTIONS }>>['values'];
  const portOf = (value: string | undefined) => {
    const port = Number(value);
    return Number.isInteger(port) && port > 0 && port < 65536 ? port : parsed.misused(`"${value ?? ''}" is not a port`);
  };
  const apps = values['base-port'] ? appsFrom(portOf(values['base-port'])) : APPS;
  const lines = serverLog();
  const metrics = values.metrics === 'off' ? undefined : serverMetrics();
  const log: ServerLog = values['no-access-log'] ? { ...lines, access: () => {} } : lines;
  process.on('exit', () => lines.flush());
  const env = environmentWhere(values.env);
  return {
    values,
    portOf,
    misused: parsed.misused,
    /** Every app, on its port (--base-port); --only picks among them. */
    apps,
    envName: isStoreAddress(env) ? env : path.relative(process.cwd(), env) || env,
    shopOptions: { root: ROOT, env, publish: !values['no-publish'], log: lines.say, observer: observer({ log, metrics }) },
    metricsAt: () => (metrics ? metricsAddress(values.metrics ?? String(apps.find(isHostApp)!.port + 6464)) : undefined),
  };
}

/** Runs `start`, then serves until SIGINT or SIGTERM (or `stop`, `why` on standard error): closes what `start` opened (`onStop`), exits. */
export async function serveUntilStopped(
  command: string,
  start: (onStop: (close: () => unknown) => void, stop: (status: number, why?: string) => void) => Promise<void>,
): Promise<void> {
  const closing: Array<() => unknown> = [];
  let stopping = false;
  const stop = (status: number, why?: string) => {
    if (why) console.error(`[${command}] ${why}`);
    if (stopping) return;
    stopping = true;
    void Promise.all(closing.map((close) => close())).finally(() => process.exit(status));
    // Keep-alive connections end at once: nothing is left to answer.
    setTimeout(() => process.exit(status), 1000).unref();
  };
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => stop(0));
  try {
    await start((close) => closing.push(close), stop);
  } catch (error) {
    stop(1, (error as Error).message);
  }
}
