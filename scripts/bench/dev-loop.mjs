#!/usr/bin/env node
/**
 * The development loop, measured (npm run bench:dev): `npm start` until all four dev servers
 * answer, then for each app an edit to one visible text until the change shows at
 * http://localhost:3000, and whether the page was reloaded or updated in place; the cart is
 * checked to survive. Every edited file is restored. Needs ports 3000-3003 free.
 */
import { spawn } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';
import { APPS, originOf } from '../apps.mjs';
import { findChromium } from '../system-packages.mjs';
import { CHROMIUM_ARGS } from '../chromium-args.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const HOST = originOf(APPS.find(({ name }) => name === 'host'));
const EDITS = [
  { app: 'remote-catalog', file: 'remote-catalog/src/messages.ts', from: "products: 'Products',", path: '/products' },
  { app: 'remote-cart', file: 'remote-cart/src/messages.ts', from: "cartTitle: 'Your cart',", path: '/cart' },
  { app: 'remote-account', file: 'remote-account/src/messages.ts', from: "myAccount: 'My Account',", path: '/profile' },
  { app: 'host', file: 'host/src/messages.ts', from: "aboutTitle: 'About Maison Khăn',", path: '/about' },
];

async function answering(url) {
  try {
    return (await fetch(url)).ok;
  } catch {
    return false;
  }
}

const started = Date.now();
const servers = spawn('npm', ['start'], { cwd: root, stdio: 'ignore', detached: true });
const stop = () => {
  try {
    process.kill(-servers.pid, 'SIGINT');
  } catch {
    // already gone
  }
};
process.on('exit', stop);

try {
  for (const app of APPS) {
    const probe = app.name === 'host' ? `${originOf(app)}/` : `${originOf(app)}/mf-manifest.json`;
    while (!(await answering(probe))) await new Promise((resolve) => setTimeout(resolve, 200));
  }
  const startSeconds = (Date.now() - started) / 1000;

  const browser = await chromium.launch({ executablePath: findChromium(), args: CHROMIUM_ARGS });
  const page = await browser.newPage();
  await page.addInitScript(() => sessionStorage.setItem('hasVisited', 'true'));
  await page.goto(`${HOST}/products/one-pillar-pagoda-handkerchief`);
  await page.getByRole('button', { name: 'ADD TO CART' }).click();

  const results = [];
  for (const edit of EDITS) {
    const file = path.join(root, edit.file);
    const original = readFileSync(file, 'utf8');
    if (!original.includes(edit.from)) throw new Error(`${edit.file} no longer has ${edit.from}`);
    const changed = edit.from.replace(/',$/, " (edited)',");
    const text = /'(.*)'/.exec(changed)[1];
    await page.goto(`${HOST}${edit.path}`);
    await page.locator('main h1').first().waitFor();
    await page.evaluate(() => (window.__devLoopMarker = true));
    const editedAt = Date.now();
    writeFileSync(file, original.replace(edit.from, changed));
    try {
      await page.getByRole('heading', { name: text }).waitFor({ timeout: 60_000 });
      const ms = Date.now() - editedAt;
      const reloaded = await page.evaluate(() => window.__devLoopMarker !== true);
      const cart = await page.getByTestId('cart-count').textContent();
      results.push({ ...edit, ms, reloaded, cart });
    } finally {
      writeFileSync(file, original);
    }
    // Let the restoring rebuild finish before the next edit.
    await page.getByRole('heading', { name: text }).waitFor({ state: 'detached', timeout: 60_000 });
  }
  await browser.close();

  console.log(`npm start -> all four dev servers answering: ${startSeconds.toFixed(1)} s`);
  for (const { app, path: route, ms, reloaded, cart } of results) {
    console.log(
      `edit in ${app.padEnd(15)} -> visible at ${HOST}${route}: ${ms} ms (${reloaded ? 'automatic reload' : 'hot update'}, cart badge ${cart})`,
    );
  }
} finally {
  stop();
}
