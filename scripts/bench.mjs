#!/usr/bin/env node
/**
 * Side-by-side benchmark: the federated shop as shipped against a single-bundle build of the
 * same source (scripts/single-bundle: the host's router with remote pages imported lazily,
 * same loaders, CSS handling and minifier, no federation). Prints figures; asserts nothing.
 *
 *   npm run bench                        builds both, then measures (about 10 minutes)
 *   npm run bench -- --skip-build        measures the existing builds
 *   npm run bench -- --runs 1 --no-lighthouse   a quick look at sizes and requests only
 *   npm run bench -- --skip-build --federated-root ../old   another checkout's federated builds
 *
 * Needs ports 3000-3003 and 3010 free. Output format: README, "Performance".
 */
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';
import { APPS, HOST_APP, localOrigin, REMOTE_NAMES } from '../apps.mts';
import { findChromium } from './system-packages.mjs';
import { createAnswerer, ENVIRONMENT_FILE, LOCAL_ENVIRONMENT_DIR, watchEnvironment } from '@maison/deploy';
import { listen, serveShop } from '@maison/deploy/serve';
import { CHROMIUM_ARGS } from './chromium-args.mjs';
import { lighthouseRun } from './bench/lighthouse.mjs';
import { cartNavigationAfterIdle, networkProfile, timeUntilUsable } from './bench/network.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const runs = Number(args[args.indexOf('--runs') + 1]) || 3;
const withLighthouse = !args.includes('--no-lighthouse');
const PRODUCT_ROUTE = '/products/hoan-kiem-lake-handkerchief';
// The public pages at both languages' addresses (LCP on /vi/ pages beside the English ones), then the shopper's own.
const ROUTES = ['/', '/products', PRODUCT_ROUTE, '/vi/', '/vi/products', `/vi${PRODUCT_ROUTE}`, '/cart', '/checkout', '/profile'];
const fedRootArg = args.indexOf('--federated-root');
const federatedRoot = fedRootArg > -1 ? path.resolve(args[fedRootArg + 1]) : root;
const SINGLE_PORT = 3010;
const SINGLE_DIST = path.join(root, '.bench', 'single-bundle', 'dist');
// Its own environment (@maison/deploy), from the local one's remotes.json: its pages are
// rendered from the federated builds measured, and the local environment stays as it was.
const BENCH_ENV = path.join(root, '.bench', 'environment');
rmSync(BENCH_ENV, { recursive: true, force: true });
mkdirSync(BENCH_ENV, { recursive: true });
copyFileSync(path.join(root, LOCAL_ENVIRONMENT_DIR, ENVIRONMENT_FILE.remotes), path.join(BENCH_ENV, ENVIRONMENT_FILE.remotes));
copyFileSync(path.join(root, LOCAL_ENVIRONMENT_DIR, ENVIRONMENT_FILE.site), path.join(BENCH_ENV, ENVIRONMENT_FILE.site));

function timed(label, command, commandArgs, env = {}) {
  const started = Date.now();
  const result = spawnSync(command, commandArgs, { cwd: root, stdio: ['ignore', 'ignore', 'inherit'], env: { ...process.env, ...env } });
  if (result.status !== 0) throw new Error(`${label} failed`);
  return (Date.now() - started) / 1000;
}

const buildSeconds = {};
if (!args.includes('--skip-build')) {
  buildSeconds.federated = timed('federated build', 'npm', ['run', 'build']);
  buildSeconds.single = timed('single-bundle build', 'npx', ['webpack', '--config', 'scripts/single-bundle/webpack.config.ts'], {
    NODE_OPTIONS: '--import=tsx',
  });
}
for (const dist of [path.join(federatedRoot, 'host', 'dist'), SINGLE_DIST]) {
  if (!existsSync(path.join(dist, 'index.html'))) throw new Error(`${dist} is missing: run without --skip-build`);
}

// The federated shop as `npm run serve` serves it: remotes, then a publish from them (a build from
// before rendering existed has no renderer: its pages stay client-rendered), then the host.
const lines = [];
const shop = await serveShop({ root: federatedRoot, env: BENCH_ENV, apps: APPS, log: (line) => lines.push(line) });
const rendering = lines.find((line) => line.includes(' is live: ')) ?? 'client-rendered (no publish: see above)';
const single = await listen(
  createAnswerer({
    app: { name: 'host', isHost: true, dist: SINGLE_DIST },
    environment: watchEnvironment(BENCH_ENV, { log: () => {} }),
    remoteNames: REMOTE_NAMES,
  }),
  SINGLE_PORT,
  { isRemote: false, log: console.error },
);
const distOfOrigin = new Map([
  ...APPS.map(({ dir, port }) => [`http://localhost:${port}`, path.join(federatedRoot, dir, 'dist')]),
  [`http://localhost:${SINGLE_PORT}`, SINGLE_DIST],
]);
const fileFor = (url) => {
  const { origin, pathname } = new URL(url);
  const dist = distOfOrigin.get(origin);
  return dist && path.join(dist, decodeURIComponent(pathname));
};

const BUILDS = { federated: localOrigin(HOST_APP), single: `http://localhost:${SINGLE_PORT}` };
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const executablePath = findChromium();
if (!executablePath) throw new Error('Chromium not found: set CHROME_PATH');

const results = {};
const browser = await chromium.launch({ executablePath, args: CHROMIUM_ARGS });
try {
  for (const route of ROUTES) {
    for (const [build, origin] of Object.entries(BUILDS)) {
      const network = await networkProfile(browser, `${origin}${route}`, { fileFor });
      const lighthouse = [];
      for (let run = 0; withLighthouse && run < runs; run += 1) lighthouse.push(await lighthouseRun(`${origin}${route}`, executablePath));
      results[`${route} ${build}`] = {
        ...network,
        ...(withLighthouse
          ? Object.fromEntries(['score', 'lcp', 'tbt', 'cls'].map((key) => [key, median(lighthouse.map((run) => run[key]))]))
          : {}),
      };
      process.stderr.write('.');
    }
  }
  for (const [build, origin] of Object.entries(BUILDS)) {
    const samples = [];
    for (let run = 0; run < runs; run += 1) samples.push(await cartNavigationAfterIdle(browser, origin));
    results[`nav ${build}`] = median(samples);
    const usable = [];
    for (let run = 0; run < runs; run += 1) usable.push(await timeUntilUsable(browser, `${origin}${PRODUCT_ROUTE}`));
    results[`usable ${build}`] = median(usable);
  }
} finally {
  await browser.close();
  await shop.close();
  single.close();
}
process.stderr.write('\n');

const kib = (bytes) => `${(bytes / 1024).toFixed(1)} KiB`;
const cols = (cells, widths) =>
  cells
    .map((cell, i) => String(cell).padEnd(widths[i]))
    .join('')
    .trimEnd();
const WIDTHS = [40, 11, 12, 10, 7, 9, 9, 9, 7];
const ratio = (a, b) => (b ? `${(a / b).toFixed(2)}×` : '-');
const chromiumVersion = spawnSync(executablePath, ['--version'], { encoding: 'utf8' }).stdout.trim();

console.log('Maison Khăn benchmark: federated (as shipped) vs single bundle (same source, no federation)');
console.log(`${os.cpus().length} cores, Node ${process.version}, ${chromiumVersion}`);
console.log(
  withLighthouse
    ? `Lighthouse 12 mobile preset (simulated slow 4G, 4× CPU), median of ${runs}; sizes are gzip -6 of the files requested`
    : 'Lighthouse skipped (--no-lighthouse); sizes are gzip -6 of the files requested',
);
console.log(`federated pages: ${rendering}; the single bundle renders in the browser`);
console.log('');
console.log(cols(['route', 'build', 'JS (gzip)', 'requests', 'chain', 'perf', 'LCP', 'TBT', 'CLS'], WIDTHS));
for (const route of ROUTES) {
  const f = results[`${route} federated`];
  const s = results[`${route} single`];
  const row = (name, r) =>
    cols(
      [
        name === 'federated' ? route : '',
        name,
        kib(r.jsBytes),
        r.requests,
        r.chainDepth,
        r.score ?? '-',
        r.lcp === undefined ? '-' : `${(r.lcp / 1000).toFixed(2)} s`,
        r.tbt === undefined ? '-' : `${Math.round(r.tbt)} ms`,
        r.cls === undefined ? '-' : r.cls.toFixed(3),
      ],
      WIDTHS,
    );
  console.log(row('federated', f));
  console.log(row('single', s));
  console.log(
    cols(
      [
        '',
        'fed/single',
        ratio(f.jsBytes, s.jsBytes),
        ratio(f.requests, s.requests),
        ratio(f.chainDepth, s.chainDepth),
        f.score === undefined ? '-' : ratio(f.score, s.score),
        f.lcp === undefined ? '-' : ratio(f.lcp, s.lcp),
        f.tbt === undefined ? '-' : ratio(f.tbt, s.tbt),
        '',
      ],
      WIDTHS,
    ),
  );
}
console.log('');
const prefetch = results['/ federated'];
console.log(`idle prefetch after / (federated, not counted above): ${prefetch.prefetchFiles} files, ${kib(prefetch.prefetchBytes)}`);
console.log(
  `client-side / → /cart after 3 s idle, click to cart heading painted (median of ${runs}): ` +
    `federated ${Math.round(results['nav federated'])} ms, single ${Math.round(results['nav single'])} ms`,
);
console.log(
  `usable: navigation start to ADD TO CART → badge updated on ${PRODUCT_ROUTE}, click made as soon as it can be ` +
    `(mobile: slow 4G, 4× CPU; median of ${runs}): federated ${Math.round(results['usable federated'])} ms, ` +
    `single ${Math.round(results['usable single'])} ms (${ratio(results['usable federated'], results['usable single'])})`,
);
if (buildSeconds.federated) {
  console.log(
    `production build: federated ${buildSeconds.federated.toFixed(1)} s (4 apps, one after another), single ${buildSeconds.single.toFixed(1)} s`,
  );
}
