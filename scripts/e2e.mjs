#!/usr/bin/env node
/**
 * Browser tests against the production build, served as production serves it.
 * 1. Builds (E2E_SKIP_BUILD=1 reuses the existing dist folders), finds Chromium.
 * 2. Runs every Playwright test against `npm run serve` (the Node server).
 * 3. Runs the @smoke subset again against nginx with deploy/nginx's configuration, so the two
 *    servers cannot drift apart (skipped, with a warning, where nginx is missing and cannot be
 *    installed; E2E_NGINX=0 skips it on purpose).
 * Extra arguments go to Playwright and run step 2 only: npm run test:e2e -- e2e/cart.spec.ts
 */
import { spawnSync } from 'node:child_process';
import { findChromium, findNginx, installDebianPackage } from './system-packages.mjs';

const chromium = findChromium() ?? (installDebianPackage('chromium') ? findChromium() : undefined);
if (!chromium) {
  console.error('[e2e] Chromium not found: install it (Debian: sudo apt-get install -y chromium) or set CHROME_PATH=/path/to/chrome.');
  process.exit(1);
}
console.log(`[e2e] Chromium: ${chromium}`);

if (process.env.E2E_SKIP_BUILD !== '1') {
  const build = spawnSync('npm', ['run', 'build'], { stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const playwright = (args, env = {}) =>
  spawnSync('npx', ['playwright', 'test', ...args], { stdio: 'inherit', env: { ...process.env, CHROME_PATH: chromium, ...env } }).status ??
  1;

const extraArgs = process.argv.slice(2);
const status = playwright(extraArgs);
if (status !== 0 || extraArgs.length > 0 || process.env.E2E_NGINX === '0') process.exit(status);

const nginx = findNginx() ?? (installDebianPackage('nginx') ? findNginx() : undefined);
if (!nginx) {
  console.warn('[e2e] nginx not found: the production-server stage is skipped (Debian: sudo apt-get install -y nginx).');
  process.exit(0);
}
console.log(`[e2e] the @smoke tests again, served by nginx (${nginx}) with deploy/nginx`);
process.exit(playwright(['--grep', '@smoke'], { E2E_SERVER: 'nginx', NGINX_PATH: nginx }));
