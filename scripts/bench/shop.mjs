/** What the server benchmarks share: a shop of their own, served by a deploy command in its own process. */
import { spawn } from 'node:child_process';
import { copyFileSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ENVIRONMENT_FILE, LOCAL_ENVIRONMENT_DIR } from '@maison/deploy';
import { appsFrom, isHostApp, localOrigin } from '../../apps.mts';

export const root = path.resolve(import.meta.dirname, '..', '..');
export const PAGE = '/products/hoan-kiem-lake-handkerchief';
export const HTML = { accept: 'text/html' };

export const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** A fresh environment in `dir` for the apps on ports from `basePort`: their remotes.json, the local site.json. */
export function benchEnvironment(dir, basePort) {
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const remoteApps = appsFrom(basePort).filter((app) => !isHostApp(app));
  const remotes = Object.fromEntries(remoteApps.map((app) => [app.name, `${localOrigin(app)}/mf-manifest.json`]));
  writeFileSync(path.join(dir, ENVIRONMENT_FILE.remotes), JSON.stringify(remotes));
  copyFileSync(path.join(root, LOCAL_ENVIRONMENT_DIR, ENVIRONMENT_FILE.site), path.join(dir, ENVIRONMENT_FILE.site));
}

/** A process's CPU time (s), from /proc. */
export function cpuSeconds(pid) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return NaN;
  }
}

/** `node` running `args` (a script and its arguments) through `prefix` (e.g. taskset); resolves once `url` answers HTML. */
export async function startNode(args, url, { prefix = [], stdio = 'ignore' } = {}) {
  const [program, ...programArgs] = [...prefix, process.execPath, ...args];
  const child = spawn(program, programArgs, { stdio });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const stop = () => (child.exitCode === null && child.signalCode === null && child.kill('SIGTERM'), exited);
  for (let tries = 0; tries < 300 && child.exitCode === null; tries += 1) {
    if ((await fetch(url, { headers: HTML }).catch(() => undefined))?.ok) return { pid: child.pid, stop };
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  child.kill('SIGKILL');
  throw new Error(`${path.basename(args[0])} did not answer ${url}${child.exitCode === null ? '' : ` (exited with ${child.exitCode})`}`);
}

/** `deploy/src/cli/<command>` serving `env` on ports from `basePort` (startNode's `options`); resolves once the host answers PAGE. */
export async function startShop({ command = 'serve.ts', env, basePort, args = [], ...options }) {
  const cli = path.join(root, 'deploy', 'src', 'cli', command);
  const origin = localOrigin(appsFrom(basePort)[0]);
  const shop = await startNode([cli, '--env', env, '--base-port', String(basePort), ...args], `${origin}${PAGE}`, options);
  return { origin, ...shop };
}
