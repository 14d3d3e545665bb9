/**
 * Reads and changes an environment's remotes.json, with the rules the shop's page applies.
 *
 *   npm run remotes -- show  [--file F]
 *   npm run remotes -- check [--file F] [--no-verify]
 *   npm run remotes -- set <remote> <manifest-url> [<fallback-url> ...] [--file F] [--no-verify]
 *
 * --file defaults to deploy/remotes.local.json (the local environment). `set` and `check`
 * fetch every absolute manifest URL and refuse one that is unreachable, not a federation
 * manifest, or built against a newer @maison/shared than this checkout's host provides;
 * --no-verify checks the URLs' form only. `set` rewrites the file in one atomic step
 * (write, then rename), so a server reading it never sees half a file.
 */
import path from 'node:path';
import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import { entriesOf, manifestUrlOf, parseRemotesJson, type RemotesJsonRules } from '../host/src/federation/loading/remotesJson';
import { checkManifest } from '../host/src/federation/loading/manifests';
import { errorMessage } from '../host/src/errorMessage';
import type { RemoteName } from '@maison/shared';

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

async function main(argv: string[]) {
  const flags = new Set(argv.filter((arg) => arg.startsWith('--') && arg !== '--file'));
  const fileIndex = argv.indexOf('--file');
  const file = path.resolve(
    fileIndex > -1 ? (argv[fileIndex + 1] ?? fail('--file needs a path')) : path.join(root, 'deploy', 'remotes.local.json'),
  );
  const words = argv.filter((arg, index) => !arg.startsWith('--') && argv[index - 1] !== '--file');
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
    return;
  }
  fail('usage: npm run remotes -- show | check | set <remote> <manifest-url> [<fallback-url> ...]  [--file F] [--no-verify]');
}

void main(process.argv.slice(2));
