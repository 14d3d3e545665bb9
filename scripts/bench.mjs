#!/usr/bin/env node
/**
 * The federated shop against a single-bundle build of the same source (scripts/single-bundle); figures only.
 * Needs ports 3000-3003 and 3010 free. Output format: docs/performance.md.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { chromium } from '@playwright/test';
import runLighthouse from 'lighthouse';
import { launch } from 'puppeteer-core';
import { APPS, HOST_APP, localOrigin } from '../apps.mts';
import { parseOptions } from '@maison/deploy/cli';
import { findChromium } from './system-packages.mjs';
import { serveShop } from '@maison/deploy/serve';
import { pathInLanguage } from '@maison/shared/address';
import { PAGE_LOAD_CHROMIUM_ARGS } from './chromium-args.mjs';
import { cartNavigationAfterIdle, networkProfile, PHONES, phoneLcp, timeUntilUsable } from './bench/network.mjs';
import { printReport } from './bench/report.mjs';
import { benchEnvironment, PAGE as PRODUCT_ROUTE, root } from './bench/shop.mjs';

const USAGE = 'npm run bench -- [--skip-build] [--runs N] [--no-lighthouse] [--federated-root DIR]';
const { values: options, misused } = parseOptions('bench', USAGE, {
  'skip-build': { type: 'boolean' },
  runs: { type: 'string', default: '3' },
  'no-lighthouse': { type: 'boolean' },
  'federated-root': { type: 'string' },
});
const runs = Number(options.runs);
if (!Number.isInteger(runs) || runs < 1) misused(`--runs takes a whole number of runs, not "${options.runs}"`);

const withLighthouse = !options['no-lighthouse'];
// Why: docs/decisions/build-and-render.md#bench-pairs
const USABLE_PAIRS = Math.max(runs, 9);
const LCP_PAIRS = Math.max(runs, 5);
const TRACED_PAIRS = 3;
const PUBLIC_PAGES = ['/', '/products', PRODUCT_ROUTE];
/** Addresses shoppers land on: a newsletter's, an ad's, a shared sorted list (each rendered by the server). */
const LANDING_PAGES = [
  '/products?utm_source=newsletter',
  `${PRODUCT_ROUTE}?utm_campaign=tet&gclid=abc123`,
  pathInLanguage('/products?utm_source=x', 'vi'),
  '/products?sort=price-asc',
];
const PERSONAL_PAGES = ['/cart', '/checkout', '/profile'];
const ROUTES = [...PUBLIC_PAGES, ...PUBLIC_PAGES.map((route) => pathInLanguage(route, 'vi')), ...LANDING_PAGES, ...PERSONAL_PAGES];
const federatedRoot = options['federated-root'] ? path.resolve(options['federated-root']) : root;
const SINGLE_PORT = 3010;
const SINGLE_DIST = path.join(root, '.bench', 'single-bundle', 'dist');
// Its own environment, so the local one stays as it was.
const BENCH_ENV = path.join(root, '.bench', 'environment');
benchEnvironment(BENCH_ENV, HOST_APP.port);

function timed(label, command, commandArgs, env = {}) {
  const started = Date.now();
  const result = spawnSync(command, commandArgs, { cwd: root, stdio: ['ignore', 'ignore', 'inherit'], env: { ...process.env, ...env } });
  if (result.status !== 0) throw new Error(`${label} failed`);
  return (Date.now() - started) / 1000;
}

const buildSeconds = {};
if (!options['skip-build']) {
  buildSeconds.federated = timed('federated build', 'npm', ['run', 'build']);
  buildSeconds.single = timed('single-bundle build', 'npx', ['webpack', '--config', 'scripts/single-bundle/webpack.config.ts'], {
    NODE_OPTIONS: '--import=tsx',
  });
}
for (const dist of [path.join(federatedRoot, 'host', 'dist'), SINGLE_DIST])
  if (!existsSync(path.join(dist, 'index.html'))) throw new Error(`${dist} is missing: run without --skip-build`);

// As `npm run serve` serves it: remotes, then a publish from them, then the host.
const lines = [];
const shop = await serveShop({ root: federatedRoot, env: BENCH_ENV, apps: APPS, log: (line) => lines.push(line) });
const rendering = lines.find((line) => line.includes(' is live: ')) ?? 'client-rendered (no publish: see above)';
// The single bundle as a host of its own, no publish; its log (an old build without a renderer: expected) is kept out of the figures too.
const single = await serveShop({
  root,
  env: BENCH_ENV,
  apps: [{ ...HOST_APP, port: SINGLE_PORT }],
  distOf: () => SINGLE_DIST,
  publish: false,
  log: (line) => lines.push(line),
});
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
const executablePath = findChromium();
if (!executablePath) throw new Error('Chromium not found: set CHROME_PATH');

// Why: docs/decisions/build-and-render.md#lighthouse-throttling
/** A Lighthouse 12 run (mobile preset, performance only, intro seen); one it reports broken (NO_NAVSTART…) is run again, up to 3 times. */
async function lighthouseRun(url) {
  for (let attempt = 1; ; attempt += 1) {
    const browser = await launch({ executablePath, headless: true, args: PAGE_LOAD_CHROMIUM_ARGS });
    try {
      const page = await browser.newPage();
      await page.evaluateOnNewDocument(() => sessionStorage.setItem('hasVisited', 'true'));
      const settings = { output: 'json', logLevel: 'error', onlyCategories: ['performance'], throttlingMethod: 'simulate' };
      const { lhr } = await runLighthouse(url, settings, undefined, page);
      if (!lhr.runtimeError)
        return {
          score: Math.round(lhr.categories.performance.score * 100),
          lcp: lhr.audits['largest-contentful-paint'].numericValue,
          tbt: lhr.audits['total-blocking-time'].numericValue,
          cls: lhr.audits['cumulative-layout-shift'].numericValue,
        };
      if (attempt >= 3) throw new Error(`Lighthouse: ${lhr.runtimeError.message}`);
      process.stderr.write(`\n[bench] ${url}: Lighthouse: ${lhr.runtimeError.message}; running it again\n`);
    } finally {
      await browser.close();
    }
  }
}

/** On each phone in turn, `measure(origin, phone)` for both builds `pairs` times, alternately, each pair starting with the other build in turn. */
const alternately = (pairs, measure) =>
  Array.fromAsync(PHONES, async (phone) => {
    const samples = { federated: [], single: [] };
    const builds = Object.keys(BUILDS);
    for (let pair = 0; pair < pairs; pair += 1) {
      for (const build of pair % 2 === 0 ? builds : [...builds].reverse()) samples[build].push(await measure(BUILDS[build], phone));
    }
    return samples;
  });

const results = { routes: {}, navigation: {} };
const browser = await chromium.launch({ executablePath, args: PAGE_LOAD_CHROMIUM_ARGS });
try {
  for (const route of ROUTES) {
    const measured = {};
    for (const [build, origin] of Object.entries(BUILDS)) {
      const lighthouse = await Array.fromAsync({ length: withLighthouse ? runs : 0 }, () => lighthouseRun(`${origin}${route}`));
      measured[build] = { network: await networkProfile(browser, `${origin}${route}`, { fileFor }), lighthouse };
    }
    // The LCP the page itself records, on each throttled phone: the figure the targets mean.
    const recorded = await alternately(LCP_PAIRS, (origin, phone) => phoneLcp(browser, `${origin}${route}`, phone));
    for (const build of Object.keys(BUILDS)) measured[build].recordedLcp = recorded.map((samples) => samples[build]);
    results.routes[route] = measured;
    process.stderr.write('.');
  }
  for (const [build, origin] of Object.entries(BUILDS))
    results.navigation[build] = await Array.fromAsync({ length: runs }, () => cartNavigationAfterIdle(browser, origin));
  results.usable = await alternately(USABLE_PAIRS, (origin, phone) => timeUntilUsable(browser, `${origin}${PRODUCT_ROUTE}`, phone));
  // Apart from the figures above (tracing slows a load): where each phone's main thread goes.
  results.mainThread = await alternately(TRACED_PAIRS, (origin, phone) =>
    timeUntilUsable(browser, `${origin}${PRODUCT_ROUTE}`, phone, { trace: true }),
  );
} finally {
  await browser.close();
  await shop.close();
  await single.close();
}
process.stderr.write('\n');

const chromiumVersion = spawnSync(executablePath, ['--version'], { encoding: 'utf8' }).stdout.trim();
printReport({ results, routes: ROUTES, personalPages: PERSONAL_PAGES, runs, withLighthouse, rendering, chromiumVersion, buildSeconds });
