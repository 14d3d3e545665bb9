/**
 * Reads and changes an environment's remotes.json, with the rules the shop's page applies.
 *
 *   npm run remotes -- show  [--env DIR]
 *   npm run remotes -- check [--env DIR] [--no-verify]
 *   npm run remotes -- set <remote> <manifest-url> [<fallback-url> ...] [--env DIR] [--no-verify] [--no-render]
 *
 * --env is the environment's folder (deploy/environment.ts), by default deploy/local. `set` and
 * `check` fetch every absolute manifest URL and refuse one that is unreachable, not a federation
 * manifest, or built against a newer @maison/shared than this checkout's host provides;
 * --no-verify checks the URLs' form only. `set` rewrites the environment's remotes.json in one
 * atomic step (write, then rename), then publishes it: the public pages are rendered from the
 * builds it names (scripts/render.mjs) and served together with it. If they cannot be rendered,
 * it is published without pages (every route client-rendered), never beside pages of older
 * builds; --no-render publishes that way on purpose.
 */
import path from 'node:path';
import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import { entriesOf, manifestUrlOf, parseRemotesJson, type RemotesJsonRules } from '../host/src/federation/loading/remotesJson';
import { checkManifest } from '../host/src/federation/loading/manifests';
import { errorMessage } from '../host/src/errorMessage';
import type { RemoteName } from '@maison/shared';
import { LOCAL_ENVIRONMENT_DIR, SOURCE_FILE } from '../deploy/environment.ts';

const root = path.resolve(__dirname, '..');
const apps = JSON.parse(readFileSync(path.join(root, 'apps.json'), 'utf8')) as Array<{ name: string }>;
const REMOTE_NAMES = apps.map(({ name }) => name).filter((name) => name !== 'host') as RemoteName[];
const HOST_CONTRACT = (JSON.parse(readFileSync(path.join(root, 'shared', 'package.json'), 'utf8')) as { version: string }).version;
// Root-relative entries ("/cart/mf-manifest.json") belong to the shop's own origin, unknown here.
const SHOP_ORIGIN = 'https://shop.invalid/';
const RULES: RemotesJsonRules = { names: REMOTE_NAMES, base: SHOP_ORIGIN };

type RemotesFile = Record<string, string | string[]>;

function fail(message: string): never {
  console.error(`[remotes] ${message}`);
  process.exit(1);
}

function readConfig(file: string): RemotesFile {
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as RemotesFile;
  } catch (error) {
    return fail(`${file} cannot be read as JSON: ${errorMessage(error)}`);
  }
}

/** Problems with one manifest URL as deployed: unreachable, not a manifest, another remote's, a newer shared contract. */
async function verify(name: RemoteName, url: string): Promise<string | undefined> {
  if (url.startsWith(SHOP_ORIGIN)) return undefined;
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(10_000) });
    if (!response.ok) return `HTTP ${response.status}`;
    const summary = checkManifest(url, (await response.json()) as unknown, HOST_CONTRACT, name);
    console.log(`[remotes]   ok ${url} (build ${summary.buildVersion})`);
    return undefined;
  } catch (error) {
    return errorMessage(error);
  }
}

async function check(config: RemotesFile, { fetchManifests }: { fetchManifests: boolean }): Promise<string[]> {
  const problems = parseRemotesJson(config, RULES).problems;
  if (!fetchManifests) return problems;
  for (const name of REMOTE_NAMES) {
    for (const entry of entriesOf(config[name])) {
      const parsed = manifestUrlOf(entry, SHOP_ORIGIN);
      if (!('url' in parsed)) continue;
      const problem = await verify(name, parsed.url);
      if (problem) problems.push(`"${name}" entry "${entry}": ${problem}`);
    }
  }
  return problems;
}

function show(config: RemotesFile) {
  for (const name of REMOTE_NAMES) {
    const entries = entriesOf(config[name]);
    console.log(`${name.padEnd(8)} ${entries.length === 0 ? '(none)' : entries.join('\n         then ')}`);
  }
}

function writeAtomically(file: string, config: RemotesFile) {
  const temporary = `${file}.${process.pid}.tmp`;
  writeFileSync(temporary, `${JSON.stringify(config, null, 2)}\n`);
  renameSync(temporary, file);
}

/** Serves `env`'s remotes.json from now on, with pages rendered from it when they can be. */
async function publishEnvironment(env: string, { render }: { render: boolean }) {
  const { renderEnvironment, publishUnrendered } = await import('./render.mjs');
  if (render) {
    try {
      await renderEnvironment({ env, log: (line: string) => console.log(line) });
      return;
    } catch (error) {
      console.error(
        `[remotes] the pages could not be rendered (${errorMessage(error)}): every route is client-rendered until \`npm run render\``,
      );
    }
  }
  publishUnrendered(env);
}

async function main(argv: string[]) {
  const flags = new Set(argv.filter((arg) => arg.startsWith('--') && arg !== '--env'));
  const envIndex = argv.indexOf('--env');
  const env = path.resolve(envIndex > -1 ? (argv[envIndex + 1] ?? fail('--env needs a folder')) : path.join(root, LOCAL_ENVIRONMENT_DIR));
  const file = path.join(env, SOURCE_FILE);
  const words = argv.filter((arg, index) => !arg.startsWith('--') && argv[index - 1] !== '--env');
  const [command, remote, ...urls] = words;
  const fetchManifests = !flags.has('--no-verify');
  const config = readConfig(file);

  if (command === 'show') return show(config);
  if (command === 'check') {
    const problems = await check(config, { fetchManifests });
    if (problems.length > 0) fail(`${file} has problems:\n  ${problems.join('\n  ')}`);
    return console.log(`[remotes] ${file} is valid`);
  }
  if (command === 'set') {
    if (!remote || !(REMOTE_NAMES as string[]).includes(remote))
      fail(`set needs a remote name: ${REMOTE_NAMES.join(', ')} (got ${remote ?? 'nothing'})`);
    if (urls.length === 0) fail(`set ${remote} needs at least one manifest URL`);
    const next: RemotesFile = { ...config, [remote]: urls.length === 1 ? urls[0]! : urls };
    const problems = (await check({ [remote]: next[remote]! }, { fetchManifests })).filter((problem) => problem.includes(`"${remote}"`));
    if (problems.length > 0) fail(`not written, ${remote} would not load:\n  ${problems.join('\n  ')}`);
    writeAtomically(file, next);
    console.log(`[remotes] ${file}: ${remote} was ${entriesOf(config[remote]).join(', ') || '(none)'}, now ${urls.join(', ')}`);
    await publishEnvironment(env, { render: !flags.has('--no-render') });
    // The renderer keeps the remotes' connections open; the work is done.
    process.exit(0);
  }
  fail(
    'usage: npm run remotes -- show | check | set <remote> <manifest-url> [<fallback-url> ...]  [--env DIR] [--no-verify] [--no-render]',
  );
}

void main(process.argv.slice(2));
