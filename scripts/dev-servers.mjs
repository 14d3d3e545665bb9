/** What the dev-loop benchmark and browser tests share: `npm start` in its own process group, and source edits restored at exit. */
import { spawn } from 'node:child_process';
import { readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { APPS, isHostApp, localOrigin } from '../apps.mts';

/**
 * Resolves once each app in `apps` answers; rejects if `npm start` exits or `timeoutMs` passes.
 * @param {{ root: string; args?: string[]; apps?: string[]; timeoutMs?: number }} options
 */
export async function startDevServers({ root, args = [], apps, timeoutMs = 300_000 }) {
  const started = Date.now();
  const child = spawn('npm', ['start', ...(args.length > 0 ? ['--', ...args] : [])], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let log = '';
  const keep = (chunk) => (log = (log + chunk.toString()).slice(-20_000));
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  let exited = false;
  child.on('exit', () => (exited = true));

  /** `signal` to npm start's process group, or to `npm start` alone (`pid`); resolves when it exits. */
  const ended = (signal, pid = -child.pid) =>
    new Promise((resolve) => {
      if (exited) return resolve();
      child.once('exit', () => resolve());
      try {
        process.kill(pid, signal);
      } catch {
        resolve();
      }
    });
  const stop = () => ended('SIGINT');
  process.once('exit', () => ended('SIGKILL'));

  for (const app of APPS.filter(({ name }) => !apps || apps.includes(name))) {
    const probe = `${localOrigin(app)}/${isHostApp(app) ? '' : 'mf-manifest.json'}`;
    while (!(await fetch(probe).catch(() => undefined))?.ok) {
      if (exited || Date.now() - started > timeoutMs) {
        await stop();
        throw new Error(`npm start ${args.join(' ')}: ${app.name} did not answer${exited ? ' (npm start exited)' : ''}\n${log}`);
      }
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
  return { seconds: (Date.now() - started) / 1000, stop, terminate: () => ended('SIGTERM', child.pid) };
}

const originals = new Map();

/** The whole new text at once: a watcher that reads between a truncate and a write sees an empty module, and reloads the page. */
function replaceFile(file, text) {
  writeFileSync(`${file}.editing`, text, { mode: statSync(file).mode });
  renameSync(`${file}.editing`, file);
}

export function restoreAllSources() {
  for (const [file, original] of originals) replaceFile(file, original);
  originals.clear();
}
process.once('exit', restoreAllSources);

/** Replaces `from` by `to` in `file` (absolute path), restored by restore() or at exit; throws if the file no longer holds `from`. */
export function editSource(file, from, to) {
  const current = readFileSync(file, 'utf8');
  if (!current.includes(from)) throw new Error(`${file} no longer contains ${JSON.stringify(from)}: update the edit`);
  if (!originals.has(file)) originals.set(file, current);
  replaceFile(file, current.replace(from, to));
  return {
    restore() {
      if (originals.has(file)) replaceFile(file, originals.get(file));
      originals.delete(file);
    },
  };
}
