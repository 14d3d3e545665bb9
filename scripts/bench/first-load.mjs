#!/usr/bin/env node
/**
 * First-load JS of every page the bench loads, as `npm run bench` measures it (networkProfile: gzip -6
 * of the scripts a cold load requests), one load per page and build: a minute, not the bench's half hour.
 * Needs `npm run build` and the single bundle (see scripts/bench.mjs). Ports from --base-port (default
 * 4700, away from the tests') for the federated shop, and that + 10 for the single bundle.
 */
import path from 'node:path';
import { chromium } from '@playwright/test';
import { parseOptions } from '@maison/deploy/cli';
import { serveShop } from '@maison/deploy/serve';
import { pathInLanguage } from '@maison/shared/address';
import { appsFrom, HOST_APP } from '../../apps.mts';
import { PAGE_LOAD_CHROMIUM_ARGS } from '../chromium-args.mjs';
import { findChromium } from '../system-packages.mjs';
import { networkProfile } from './network.mjs';
import { benchEnvironment, PAGE, root } from './shop.mjs';

const { values: options } = parseOptions('first-load', 'node scripts/bench/first-load.mjs [--base-port N]', {
  'base-port': { type: 'string', default: '4700' },
});
const basePort = Number(options['base-port']);
// The bench's pages (scripts/bench.mjs).
const PUBLIC = ['/', '/products', PAGE];
const ROUTES = [
  ...PUBLIC,
  ...PUBLIC.map((route) => pathInLanguage(route, 'vi')),
  ...['/products?utm_source=newsletter', `${PAGE}?utm_campaign=tet&gclid=abc123`, pathInLanguage('/products?utm_source=x', 'vi')],
  ...['/products?sort=price-asc', '/cart', '/checkout', '/profile'],
];
const env = path.join(root, '.bench', 'first-load-environment');
benchEnvironment(env, basePort);
const apps = appsFrom(basePort);
const single = { ...HOST_APP, port: basePort + 10, dist: path.join(root, '.bench', 'single-bundle', 'dist') };
const log = () => {};
const servers = [
  await serveShop({ root, env, apps, log }),
  await serveShop({ root, env, apps: [single], distOf: () => single.dist, publish: false, log }),
];
const dists = new Map([...apps.map((app) => [app.port, path.join(root, app.dir, 'dist')]), [single.port, single.dist]]);
const fileFor = (url) => {
  const { port, pathname } = new URL(url);
  const dist = dists.get(Number(port));
  return dist && path.join(dist, decodeURIComponent(pathname));
};
const kib = (bytes) => (bytes / 1024).toFixed(1).padStart(7);
const browser = await chromium.launch({ executablePath: findChromium(), args: PAGE_LOAD_CHROMIUM_ARGS });
try {
  console.log(`${'page'.padEnd(70)}federated  single  ratio (KiB, gzip -6)`);
  for (const route of ROUTES) {
    const fed = await networkProfile(browser, `http://localhost:${basePort}${route}`, { fileFor });
    const one = await networkProfile(browser, `http://localhost:${single.port}${route}`, { fileFor });
    console.log(`${route.padEnd(70)}${kib(fed.jsBytes)}  ${kib(one.jsBytes)}  ${(fed.jsBytes / one.jsBytes).toFixed(2)}×`);
  }
} finally {
  await browser.close();
  for (const server of servers) await server.close();
}
