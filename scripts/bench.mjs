#!/usr/bin/env node
/**
 * Prints what a shopper downloads: gzip JS of a cold visit to `/` and to `/products`, split by
 * app, and the image bytes of `/products`. With --build, also times a full production build.
 * Sizes are gzip level 6 of the files actually requested (what `npm run serve` sends), so the
 * figures repeat exactly for the same build. Needs the ports 3000-3003 free.
 */
import { spawn, spawnSync } from 'node:child_process';
import { readFileSync, existsSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';
import { APPS } from './apps.mjs';
import { findChromium } from './find-chromium.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KiB`;

if (process.argv.includes('--build') || APPS.some(({ dir }) => !existsSync(path.join(root, dir, 'dist', 'index.html')))) {
  const started = Date.now();
  const build = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'ignore' });
  if (build.status !== 0) throw new Error('build failed');
  console.log(`full production build (4 apps, sequential): ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

const server = spawn('node', ['scripts/serve.mjs'], { cwd: root, stdio: 'ignore' });
await new Promise((resolve) => setTimeout(resolve, 1500));

const originToDir = new Map(APPS.map(({ port, dir }) => [`http://localhost:${port}`, dir]));
function gzipBytesOf(url) {
  const { origin, pathname } = new URL(url);
  const file = path.join(root, originToDir.get(origin), 'dist', decodeURIComponent(pathname));
  return existsSync(file) ? gzipSync(readFileSync(file), { level: 6 }).length : 0;
}

const browser = await chromium.launch({
  executablePath: findChromium(),
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run', '--disable-sync'],
});

async function coldVisit(pathname) {
  const context = await browser.newContext();
  await context.addInitScript(() => sessionStorage.setItem('hasVisited', 'true'));
  const page = await context.newPage();
  const requests = [];
  page.on('requestfinished', (request) => requests.push(request));
  const started = Date.now();
  await page.goto(`http://localhost:3000${pathname}`);
  await page.locator('main h1, main h2').first().waitFor();
  const shownAfter = Date.now() - started;
  await page.waitForLoadState('networkidle');
  const scripts = requests.filter((r) => r.resourceType() === 'script');
  const images = requests.filter((r) => r.resourceType() === 'image');
  const byApp = {};
  for (const request of scripts) {
    const dir = originToDir.get(new URL(request.url()).origin);
    byApp[dir] = (byApp[dir] ?? 0) + gzipBytesOf(request.url());
  }
  let imageBytes = 0;
  for (const request of images) {
    if (!request.url().startsWith('http')) continue;
    const sizes = await request.sizes();
    imageBytes += sizes.responseBodySize;
  }
  await context.close();
  return { scripts: scripts.length, byApp, images: images.length, imageBytes, shownAfter };
}

try {
  for (const pathname of ['/', '/products']) {
    const visit = await coldVisit(pathname);
    const total = Object.values(visit.byApp).reduce((a, b) => a + b, 0);
    console.log(`\ncold ${pathname}: ${visit.scripts} JS files, ${kb(total)} gzip (first heading after ~${visit.shownAfter} ms on this machine)`);
    for (const [dir, bytes] of Object.entries(visit.byApp)) console.log(`  ${dir.padEnd(15)} ${kb(bytes)}`);
    console.log(`  images: ${visit.images} files, ${kb(visit.imageBytes)} transferred`);
  }
} finally {
  await browser.close();
  server.kill();
}
