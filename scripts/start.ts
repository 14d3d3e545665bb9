/** `npm start`: the development servers with Fast Refresh; Ctrl-C stops all. --against: scripts/start/devRemotes.ts */
import path from 'node:path';
import os from 'node:os';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import type { RemoteName } from '@maison/shared';
import { APPS, isHostApp, REMOTE_NAMES } from '../apps.mts';
import { errorMessage } from '@maison/host/hosting';
import { fail, parseOptions } from '@maison/deploy/cli';
import { DEV_REMOTES_VARIABLE } from '../webpack/devServer';
import { DEV_SERVER_BUILT_FILE } from '../webpack/server';
import { composeDevRemotes, isUrl } from './start/devRemotes';

const USAGE = 'npm start [-- [--only cart] --against <remotes.json URL|file>]';
const COLORS: Record<string, string> = { host: 'magenta', catalog: 'cyan', cart: 'yellow', account: 'green' };

async function readEnvironment(source: string): Promise<unknown> {
  if (!isUrl(source)) return JSON.parse(readFileSync(source, 'utf8'));
  const response = await fetch(source, { signal: AbortSignal.timeout(10_000) });
  if (!response.ok) throw new Error(`HTTP ${response.status}`);
  return response.json();
}

/** The remotes.json file to serve for --against, written to a folder removed on exit. */
async function againstEnvironment(source: string, local: RemoteName[]): Promise<string> {
  const environment = await readEnvironment(source).catch((error: unknown) =>
    fail('start', `${source} cannot be read as remotes.json: ${errorMessage(error)}`),
  );
  const composed = composeDevRemotes({ environment, source, local });
  composed.warnings.forEach((warning) => console.warn(`[start] warning: ${warning}`));
  if (!composed.remotes) return fail('start', composed.errors.join('\n[start] '));
  for (const name of REMOTE_NAMES) {
    console.log(
      `[start] ${name.padEnd(8)} ${local.includes(name) ? 'this checkout' : 'environment  '} ${composed.remotes[name]!.join(', then ')}`,
    );
  }
  const folder = mkdtempSync(path.join(os.tmpdir(), 'maison-start-'));
  process.on('exit', () => rmSync(folder, { recursive: true, force: true }));
  const file = path.join(folder, 'remotes.json');
  writeFileSync(file, `${JSON.stringify(composed.remotes, null, 2)}\n`);
  return file;
}

async function main() {
  const { values } = parseOptions('start', USAGE, { only: { type: 'string' }, against: { type: 'string' } });
  const only = values.only?.split(',').filter(Boolean) ?? [];
  const unknown = only.filter((name) => !(REMOTE_NAMES as string[]).includes(name));
  if (unknown.length > 0)
    fail('start', `--only takes remote names (${REMOTE_NAMES.join(', ')}); the host always runs. Unknown: ${unknown.join(', ')}`);
  if (values.only !== undefined && values.against === undefined)
    fail('start', '--only needs --against <remotes.json URL or file>: where the other remotes come from');

  const local = values.against === undefined ? REMOTE_NAMES : (only as RemoteName[]);
  const env: Record<string, string> =
    values.against === undefined ? {} : { [DEV_REMOTES_VARIABLE]: await againstEnvironment(values.against, local) };
  const apps = APPS.filter((app) => isHostApp(app) || (local as string[]).includes(app.name));

  // Before any dev server starts: an earlier npm start's stamp would have pages rendered from older code.
  rmSync(DEV_SERVER_BUILT_FILE, { force: true });
  // concurrently is an ES module: loaded as one (a static import here would be require()d).
  const { concurrently } = await import('concurrently');
  const serverBuilds = `nice -n 10 node --import=tsx scripts/start/serverBuilds.ts ${apps.map(({ name }) => name).join(',')}`;
  const { result } = concurrently(
    [
      ...apps.map(({ name, dir }) => ({ command: `npm run start -w ${dir}`, name, prefixColor: COLORS[name], env })),
      // The server builds the host renders pages with, at a lower priority than the dev servers.
      { command: serverBuilds, name: 'render', prefixColor: 'gray', env },
    ],
    { killOthersOn: ['failure', 'success'], prefix: 'name' },
  );
  await result.catch(() => process.exit(1));
  process.exit(0);
}

void main();
