/**
 * workerd on this machine, around the Worker's bundle (edgeBundle.ts): its configuration written
 * from the bindings, one socket on loopback, outbound requests allowed to this machine's and
 * private addresses (the test gateway) as well as public ones. `npm run serve:edge` and the tests.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { copyFileSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { createInterface } from 'node:readline';
import { EDGE_BUNDLE_FILE } from './edgeBundle.ts';

// The binary itself, as the package names it: its bin/ is a Node wrapper whose child outlives a SIGTERM to the wrapper.
const WORKERD = (createRequire(import.meta.url)('workerd') as { default: string }).default;
/** The runtime the Worker is written against (deploy/wrangler.toml says the same): nodejs_compat is on by default from 2026-08-04. */
export const COMPATIBILITY = { date: '2026-11-01', flags: [] as string[] } as const;

export function workerdConfig(port: number, bindings: Record<string, string>): string {
  const text = (value: string) => JSON.stringify(value);
  const bound = Object.entries(bindings).map(([name, value]) => `(name = ${text(name)}, text = ${text(value)})`);
  return `using Workerd = import "/workerd/workerd.capnp";
const config :Workerd.Config = (
  services = [
    (name = "shop", worker = .shop),
    (name = "outbound", network = (allow = ["public", "private", "local"], tlsOptions = (trustBrowserCas = true))),
  ],
  sockets = [(name = "http", address = "127.0.0.1:${port}", http = (), service = "shop")],
);
const shop :Workerd.Worker = (
  modules = [(name = "worker.js", esModule = embed "${EDGE_BUNDLE_FILE}")],
  compatibilityDate = ${text(COMPATIBILITY.date)},
  compatibilityFlags = [${COMPATIBILITY.flags.map(text).join(', ')}],
  bindings = [${bound.join(', ')}],
  globalOutbound = "outbound",
);
`;
}

export interface RunningWorkerd {
  origin: string;
  child: ChildProcess;
  stop(): Promise<void>;
}

/** Starts workerd with `bundle` on 127.0.0.1:`port`; resolves once it answers /healthz. Each output line goes to `onLine`. */
export async function startWorkerd(
  bundle: string,
  {
    port,
    bindings,
    onLine = (line) => console.log(line),
  }: { port: number; bindings: Record<string, string>; onLine?: (line: string) => void },
): Promise<RunningWorkerd> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'maison-workerd-'));
  copyFileSync(bundle, path.join(dir, EDGE_BUNDLE_FILE));
  writeFileSync(path.join(dir, 'config.capnp'), workerdConfig(port, bindings), { mode: 0o600 });
  const child = spawn(WORKERD, ['serve', path.join(dir, 'config.capnp')], { stdio: ['ignore', 'pipe', 'pipe'] });
  for (const output of [child.stdout!, child.stderr!]) createInterface({ input: output }).on('line', onLine);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    // workerd drains open connections first (a client's kept-alive ones too): not waited for past a moment.
    const drained = setTimeout(() => child.kill('SIGKILL'), 2000);
    await exited;
    clearTimeout(drained);
    rmSync(dir, { recursive: true, force: true });
  };
  const origin = `http://127.0.0.1:${port}`;
  for (const started = Date.now(); Date.now() - started < 20_000; await new Promise((resolve) => setTimeout(resolve, 100))) {
    if (child.exitCode !== null) break;
    const alive = await fetch(`${origin}/healthz`, { signal: AbortSignal.timeout(1000) }).then(
      (answer) => answer.ok,
      () => false,
    );
    if (alive) return { origin, child, stop };
  }
  await stop();
  throw new Error(`workerd did not answer on ${origin} (exit ${child.exitCode})`);
}
