/**
 * A real Prometheus for the tests (Debian's package, PROMETHEUS_PATH): started on loopback with
 * a configuration of the test's own (its targets scraped every second, the shipped alert rules
 * loaded), asked through its HTTP API, and stopped with its data removed.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const ALERT_RULES = path.resolve(__dirname, '..', 'deploy', 'prometheus', 'alerts.yml');

export interface Sample {
  metric: Record<string, string>;
  value: number;
}

export interface RunningPrometheus {
  origin: string;
  /** An instant query's samples. */
  query(expression: string): Promise<Sample[]>;
  stop(): Promise<void>;
}

export async function startPrometheus(binary: string, { port, targets }: { port: number; targets: string[] }): Promise<RunningPrometheus> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'maison-prometheus-'));
  writeFileSync(
    path.join(dir, 'prometheus.yml'),
    [
      'global: { scrape_interval: 1s, evaluation_interval: 1s }',
      `rule_files: [${JSON.stringify(ALERT_RULES)}]`,
      'scrape_configs:',
      '  - job_name: maison',
      `    static_configs: [{ targets: ${JSON.stringify(targets)} }]`,
      '',
    ].join('\n'),
  );
  const args = [
    `--config.file=${path.join(dir, 'prometheus.yml')}`,
    `--storage.tsdb.path=${path.join(dir, 'data')}`,
    `--web.listen-address=127.0.0.1:${port}`,
    '--log.level=warn',
  ];
  const child: ChildProcess = spawn(binary, args, { stdio: ['ignore', 'ignore', 'pipe'] });
  let errors = '';
  child.stderr!.on('data', (chunk: Buffer) => (errors += chunk.toString()));
  const origin = `http://127.0.0.1:${port}`;
  for (let tries = 0; ; tries += 1) {
    if ((await fetch(`${origin}/-/ready`).catch(() => undefined))?.ok) break;
    if (child.exitCode !== null || tries > 150) throw new Error(`Prometheus did not start: ${errors}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    origin,
    async query(expression) {
      const answer = (await (await fetch(`${origin}/api/v1/query?query=${encodeURIComponent(expression)}`)).json()) as {
        status: string;
        error?: string;
        data: { result: Array<{ metric: Record<string, string>; value: [number, string] }> };
      };
      if (answer.status !== 'success') throw new Error(`${expression}: ${answer.error}`);
      return answer.data.result.map(({ metric, value }) => ({ metric, value: Number(value[1]) }));
    },
    stop: () =>
      new Promise((resolve) => {
        child.once('exit', () => {
          rmSync(dir, { recursive: true, force: true });
          resolve();
        });
        child.kill('SIGTERM');
      }),
  };
}
