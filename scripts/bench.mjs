#!/usr/bin/env node
/**
 * Side-by-side benchmark: the federated shop as shipped against a single-bundle build of the
 * same source (scripts/single-bundle: the host's router with remote pages imported lazily,
 * same loaders, CSS handling and minifier, no federation). Prints figures; asserts nothing.
 *
 *   npm run bench                        builds both, then measures (about 30 minutes)
 *   npm run bench -- --skip-build        measures the existing builds
 *   npm run bench -- --runs 1 --no-lighthouse   a quick look at sizes and requests only
 *   npm run bench -- --skip-build --federated-root ../old   another checkout's federated builds
 *
 * Needs ports 3000-3003 and 3010 free. Output format: docs/performance.md.
 */
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';
import { APPS, HOST_APP, isHostApp, localOrigin, REMOTE_NAMES } from '../apps.mts';
import { findChromium } from './system-packages.mjs';
import { createAnswerer, ENVIRONMENT_FILE, LOCAL_ENVIRONMENT_DIR, watchEnvironment } from '@maison/deploy';
import { listen, serveShop } from '@maison/deploy/serve';
import { pathInLanguage } from '@maison/shared/address';
import { PAGE_LOAD_CHROMIUM_ARGS } from './chromium-args.mjs';
import { lighthouseRun } from './bench/lighthouse.mjs';
import { cartNavigationAfterIdle, networkProfile, phoneLcp, timeUntilUsable } from './bench/network.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const runs = Number(args[args.indexOf('--runs') + 1]) || 3;
const withLighthouse = !args.includes('--no-lighthouse');
const PRODUCT_ROUTE = '/products/hoan-kiem-lake-handkerchief';
// The paired figures (time until usable, which varies by a tenth between runs on this shared
// machine; the Vietnamese addresses beside the English ones, a few per cent apart): 9 pairs.
const PAIRED_RUNS = Math.max(runs, 9);
const PUBLIC_PAGES = ['/', '/products', PRODUCT_ROUTE];
// The public pages at both languages' addresses (LCP on /vi/ pages beside the English ones), then the shopper's own.
const ROUTES = [...PUBLIC_PAGES, ...PUBLIC_PAGES.map((route) => pathInLanguage(route, 'vi')), '/cart', '/checkout', '/profile'];
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
    // It has no route table (no renderer, nothing published): that is what it is, not news.
    log: () => {},
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
const browser = await chromium.launch({ executablePath, args: PAGE_LOAD_CHROMIUM_ARGS });
try {
  for (const route of ROUTES) {
    for (const [build, origin] of Object.entries(BUILDS)) {
      const network = await networkProfile(browser, `${origin}${route}`, { fileFor });
      const lighthouse = [];
      const throttled = [];
      for (let run = 0; withLighthouse && run < runs; run += 1) {
        lighthouse.push(await lighthouseRun(`${origin}${route}`, executablePath));
        throttled.push(await lighthouseRun(`${origin}${route}`, executablePath, { throttlingMethod: 'devtools' }));
      }
      results[`${route} ${build}`] = {
        ...network,
        ...(withLighthouse
          ? {
              ...Object.fromEntries(['score', 'lcp', 'tbt', 'cls'].map((key) => [key, median(lighthouse.map((run) => run[key]))])),
              throttledLcp: median(throttled.map((run) => run.lcp)),
            }
          : {}),
      };
      process.stderr.write('.');
    }
  }
  for (const [build, origin] of Object.entries(BUILDS)) {
    const samples = [];
    for (let run = 0; run < runs; run += 1) samples.push(await cartNavigationAfterIdle(browser, origin));
    results[`nav ${build}`] = median(samples);
  }
  // Usable: the two builds alternately, run by run, so a slower moment of the machine falls on both.
  const usable = { federated: [], single: [] };
  for (let run = 0; run < PAIRED_RUNS; run += 1) {
    for (const [build, origin] of Object.entries(BUILDS)) usable[build].push(await timeUntilUsable(browser, `${origin}${PRODUCT_ROUTE}`));
  }
  for (const [build, samples] of Object.entries(usable)) {
    for (const key of ['seenAt', 'aliveAt', 'usableAt']) results[`${key} ${build}`] = median(samples.map((sample) => sample[key]));
  }
  results.usablePairRatios = usable.federated.map((sample, run) => sample.usableAt / usable.single[run].usableAt).sort((a, b) => a - b);
  // LCP at /vi/ beside the English address: each pair in turn starts with the other language.
  for (const route of PUBLIC_PAGES) {
    const samples = { en: [], vi: [] };
    for (let run = 0; run < PAIRED_RUNS; run += 1) {
      const order = run % 2 === 0 ? ['en', 'vi'] : ['vi', 'en'];
      for (const language of order)
        samples[language].push(await phoneLcp(browser, `${BUILDS.federated}${pathInLanguage(route, language)}`));
    }
    results[`language ${route}`] = samples;
  }
} finally {
  await browser.close();
  await shop.close();
  single.close();
}
process.stderr.write('\n');

/** What a first-load script is for, by its name (the builds' naming: webpack/parts.ts, webpack/sharing.ts). */
function scriptPurpose(url, build) {
  const { port, pathname } = new URL(url);
  const name = pathname.slice(1);
  const remote = APPS.find((app) => String(app.port) === port && !isHostApp(app))?.name;
  if (remote && name === 'remoteEntry.js') return `${remote}: its entry (module map, share scope, chunk loading)`;
  if (remote && name.startsWith('__federation_expose_')) return `${remote}: the page's module (${name.split('.')[0].slice(20)})`;
  if (remote) return `${remote}: a chunk its page module needs`;
  if (/^main\./.test(name))
    return build === 'single' ? 'the whole shop: shell, libraries, runtime' : 'host entry: webpack and federation runtimes, start-up';
  if (/^shared-libraries\./.test(name)) return 'React, react-dom, router, Redux, @maison/shared (one copy for all)';
  if (/^bootstrap\./.test(name)) return 'host: the shell (header, footer, routes, store, language)';
  if (/^web-vitals\./.test(name)) return 'field measurements (web-vitals)';
  // boot.*.js (host/src/boot/); start.*.js in a build from before it (--federated-root).
  if (/^(boot|start)\./.test(name)) return 'host: boot script before main.js (language, intro, held taps)';
  return build === 'single' ? 'a lazily loaded page of the shop' : 'host: a split chunk';
}

const kib = (bytes) => `${(bytes / 1024).toFixed(1)} KiB`;
const cols = (cells, widths) =>
  cells
    .map((cell, i) => String(cell).padEnd(widths[i]))
    .join('')
    .trimEnd();
const WIDTHS = [42, 11, 12, 10, 7, 16, 9, 9, 11, 9, 7];
const ratio = (a, b) => (b ? `${(a / b).toFixed(2)}×` : '-');
const chromiumVersion = spawnSync(executablePath, ['--version'], { encoding: 'utf8' }).stdout.trim();

console.log('Maison Khăn benchmark: federated (as shipped) vs single bundle (same source, no federation)');
console.log(`${os.cpus().length} cores, Node ${process.version}, ${chromiumVersion}`);
console.log(
  withLighthouse
    ? `Lighthouse 12 mobile preset (simulated slow 4G, 4× CPU), median of ${runs}; sizes are gzip -6 of the files requested`
    : 'Lighthouse skipped (--no-lighthouse); sizes are gzip -6 of the files requested',
);
if (withLighthouse)
  console.log(
    `LCP (4G): Lighthouse's LCP with the same figures applied in the browser (throttling 'devtools': 562.5 ms a request, 1.47 Mbps, 4× CPU), median of ${runs}`,
  );
console.log(`federated pages: ${rendering}; the single bundle renders in the browser`);
console.log('');
console.log(cols(['route', 'build', 'JS (gzip)', 'requests', 'chain', 'after HTML', 'perf', 'LCP', 'LCP (4G)', 'TBT', 'CLS'], WIDTHS));
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
        `${r.afterHtml.depth} · ${Math.round(r.afterHtml.ms)} ms`,
        r.score ?? '-',
        r.lcp === undefined ? '-' : `${(r.lcp / 1000).toFixed(2)} s`,
        r.throttledLcp === undefined ? '-' : `${(r.throttledLcp / 1000).toFixed(2)} s`,
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
        ratio(f.afterHtml.ms, s.afterHtml.ms),
        f.score === undefined ? '-' : ratio(f.score, s.score),
        f.lcp === undefined ? '-' : ratio(f.lcp, s.lcp),
        f.throttledLcp === undefined ? '-' : ratio(f.throttledLcp, s.throttledLcp),
        f.tbt === undefined ? '-' : ratio(f.tbt, s.tbt),
        '',
      ],
      WIDTHS,
    ),
  );
}
console.log('');
// What each first-load KiB is for, on the product page.
for (const build of Object.keys(BUILDS)) {
  const { scriptFiles, jsBytes } = results[`${PRODUCT_ROUTE} ${build}`];
  console.log(`first-load JS on ${PRODUCT_ROUTE}, ${build}: ${kib(jsBytes)}`);
  for (const { url, bytes } of [...scriptFiles].sort((a, b) => b.bytes - a.bytes))
    console.log(`  ${kib(bytes).padStart(10)}  ${scriptPurpose(url, build).padEnd(62)} ${new URL(url).pathname}`);
}
console.log('');
const prefetch = results['/ federated'];
console.log(`idle prefetch after / (federated, not counted above): ${prefetch.prefetchFiles} files, ${kib(prefetch.prefetchBytes)}`);
console.log(
  `client-side / → /cart after 3 s idle, click to cart heading painted (median of ${runs}): ` +
    `federated ${Math.round(results['nav federated'])} ms, single ${Math.round(results['nav single'])} ms`,
);
console.log(
  `usable: navigation start to ADD TO CART tapped the moment it is seen → badge shows 1, on ${PRODUCT_ROUTE} ` +
    `(mobile: slow 4G, 4× CPU; the builds alternately, median of ${PAIRED_RUNS}): ` +
    `federated ${Math.round(results['usableAt federated'])} ms, single ${Math.round(results['usableAt single'])} ms ` +
    `(${ratio(results['usableAt federated'], results['usableAt single'])}); button seen at ${Math.round(results['seenAt federated'])} / ` +
    `${Math.round(results['seenAt single'])} ms, page alive at ${Math.round(results['aliveAt federated'])} / ${Math.round(results['aliveAt single'])} ms; ` +
    `run by run ${results.usablePairRatios[0].toFixed(2)}–${results.usablePairRatios.at(-1).toFixed(2)}×`,
);
console.log(
  `LCP at the Vietnamese addresses beside the English ones (federated; mobile: slow 4G, 4× CPU, as usable; ` +
    `the two alternately, median of ${PAIRED_RUNS}; the element painted):`,
);
const elementsPainted = (samples) => [...new Set(samples.map((sample) => sample.element))].join('/');
const percent = (value) => `${value >= 0 ? '+' : '−'}${Math.abs(Math.round(value * 100))} %`;
for (const route of PUBLIC_PAGES) {
  const { en, vi } = results[`language ${route}`];
  const [enLcp, viLcp] = [en, vi].map((samples) => median(samples.map((sample) => sample.at)));
  const pairs = en.map((sample, run) => vi[run].at / sample.at - 1).sort((a, b) => a - b);
  console.log(
    `  ${route.padEnd(40)} en ${Math.round(enLcp)} ms (${elementsPainted(en)}), vi ${Math.round(viLcp)} ms (${elementsPainted(vi)}): ` +
      `${percent(viLcp / enLcp - 1)}; pair by pair ${percent(pairs[0])} to ${percent(pairs.at(-1))}`,
  );
}
if (buildSeconds.federated) {
  console.log(
    `production build: federated ${buildSeconds.federated.toFixed(1)} s (4 apps, one after another), single ${buildSeconds.single.toFixed(1)} s`,
  );
}
