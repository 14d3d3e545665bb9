#!/usr/bin/env node
/**
 * What hostile long paths cost the Node and nginx servers (ports 3400-3403); figures only.
 *   npm run bench:servers -- [--seconds 8] [--only node|nginx] [--against http://localhost:3000]
 */
// Why: docs/decisions/build-and-render.md#bench-servers
import { spawn } from 'node:child_process';
import { copyFileSync, mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { ENVIRONMENT_FILE, LOCAL_ENVIRONMENT_DIR } from '@maison/deploy';
import { appsFrom, localOrigin } from '../../apps.mts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const { values } = parseArgs({
  options: { seconds: { type: 'string', default: '8' }, only: { type: 'string' }, against: { type: 'string' } },
});
const seconds = Number(values.seconds);
const PAGE = '/products/hoan-kiem-lake-handkerchief';
const HTML = { accept: 'text/html' };
const NORMAL_CONNECTIONS = 8;
const HOSTILE = 4;
const BASE_PORT = 3400;

/** The shop served as `command` serves it, on ports from BASE_PORT, with its own environment; resolves once the host answers. */
async function startShop(command) {
  const env = path.join(root, '.bench', 'servers-environment');
  rmSync(env, { recursive: true, force: true });
  mkdirSync(env, { recursive: true });
  const apps = appsFrom(BASE_PORT);
  const remotes = Object.fromEntries(apps.slice(1).map((app) => [app.name, `${localOrigin(app)}/mf-manifest.json`]));
  const { writeFileSync } = await import('node:fs');
  writeFileSync(path.join(env, ENVIRONMENT_FILE.remotes), JSON.stringify(remotes));
  copyFileSync(path.join(root, LOCAL_ENVIRONMENT_DIR, ENVIRONMENT_FILE.site), path.join(env, ENVIRONMENT_FILE.site));
  const child = spawn(
    process.execPath,
    [path.join(root, 'deploy', 'src', 'cli', command), '--env', env, '--base-port', String(BASE_PORT)],
    {
      stdio: 'ignore',
    },
  );
  const origin = localOrigin(apps[0]);
  for (let tries = 0; tries < 300; tries += 1) {
    const answer = await fetch(`${origin}${PAGE}`, { headers: HTML }).catch(() => undefined);
    if (answer?.ok) return { origin, stop: () => new Promise((resolve) => (child.once('exit', resolve), child.kill('SIGTERM'))) };
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  child.kill('SIGKILL');
  throw new Error(`${command} did not answer ${origin}${PAGE}`);
}

const load = (url, connections, extra = {}) => autocannon({ url, connections, duration: seconds, headers: HTML, ...extra });

/** The page alone, then beside HOSTILE connections sending `path`: its throughput both times, and theirs. */
async function beside(origin, path) {
  const [page, hostile] = await Promise.all([load(`${origin}${PAGE}`, NORMAL_CONNECTIONS), load(`${origin}${path}`, HOSTILE)]);
  return {
    page: page.requests.average,
    p50: page.latency.p50,
    p99: page.latency.p99,
    hostile: hostile.requests.average,
    statuses: Object.keys(hostile.statusCodeStats ?? {}).join(' '),
  };
}

const HOSTILE_PATHS = [
  ['15,000 slashes (too long to read)', `/${'/'.repeat(15_000)}`],
  ['7,900 slashes and a letter (the longest read)', `/products${'/'.repeat(7900)}x`],
];

async function measure(origin) {
  const alone = (await load(`${origin}${PAGE}`, NORMAL_CONNECTIONS)).requests.average;
  const attacks = [];
  for (const [name, path] of HOSTILE_PATHS) attacks.push({ name, ...(await beside(origin, path)) });
  return { alone, attacks };
}

const rows = [];
const targets = values.against
  ? [{ name: values.against, against: values.against }]
  : [
      { name: 'node (npm run serve)', command: 'serve.ts', key: 'node' },
      { name: 'nginx in front (npm run serve:nginx)', command: 'serveNginx.ts', key: 'nginx' },
    ].filter(({ key }) => !values.only || values.only === key);
for (const target of targets) {
  const shop = target.against ? { origin: target.against, stop: async () => {} } : await startShop(target.command);
  try {
    rows.push({ name: target.name, ...(await measure(shop.origin)) });
  } finally {
    await shop.stop();
  }
}

console.log(
  `\nThe rendered product page (${PAGE}), ${NORMAL_CONNECTIONS} connections, ${seconds} s a run; alone, then beside ${HOSTILE} hostile connections:`,
);
console.log(
  '| server | alone, req/s | hostile paths | beside them, req/s | share kept | median / p99 | hostile answered, req/s (status) |',
);
console.log('|---|---|---|---|---|---|---|');
for (const { name, alone, attacks } of rows) {
  for (const attack of attacks) {
    const kept = `${Math.round((100 * attack.page) / alone)} %`;
    console.log(
      `| ${name} | ${Math.round(alone)} | ${attack.name} | ${Math.round(attack.page)} | ${kept} | ${attack.p50} / ${attack.p99} ms | ${Math.round(attack.hostile)} (${attack.statuses}) |`,
    );
  }
}
