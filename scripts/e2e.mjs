#!/usr/bin/env node
/**
 * Browser tests.
 * 1. Builds (E2E_SKIP_BUILD=1 reuses the existing dist folders), finds Chromium.
 * 2. Runs every Playwright test against the production build served as production serves it
 *    (`npm run serve`, the Node server).
 * 3. Runs the @smoke subset again against nginx with deploy/nginx's configuration, so the two
 *    servers cannot drift apart (skipped, with a warning, where nginx is missing and cannot be
 *    installed; E2E_NGINX=0 skips it on purpose).
 * 4. Runs the development loop's tests (e2e/*.dev.spec.ts, playwright.dev.config.ts) against
 *    `npm start`: Fast Refresh, and `--against` with the builds of step 1 as the other environment.
 *    They edit source files and restore them; a file left changed fails the run.
 *
 * Extra arguments go to Playwright and run step 2 only: npm run test:e2e -- e2e/cart.spec.ts
 * `--dev` runs step 4 only (npm run test:dev), with any further arguments for Playwright.
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

/** The tracked files' changes (none in CI), to see that the development tests restored what they edited. */
const sourceChanges = () => spawnSync('git', ['diff', '--stat', 'HEAD'], { encoding: 'utf8' }).stdout ?? '';

function developmentLoop(args) {
  console.log('[e2e] the development loop against npm start (playwright.dev.config.ts)');
  const before = sourceChanges();
  const status = playwright(['-c', 'playwright.dev.config.ts', ...args]);
  if (sourceChanges() !== before) {
    console.error(`[e2e] the development tests left source files changed:\n${sourceChanges()}`);
    return 1;
  }
  return status;
}

const args = process.argv.slice(2);
if (args[0] === '--dev') process.exit(developmentLoop(args.slice(1)));

const status = playwright(args);
if (status !== 0 || args.length > 0) process.exit(status);

const nginx = process.env.E2E_NGINX === '0' ? undefined : (findNginx() ?? (installDebianPackage('nginx') ? findNginx() : undefined));
if (process.env.E2E_NGINX === '0') {
  console.log('[e2e] E2E_NGINX=0: the nginx stage is skipped');
} else if (!nginx) {
  console.warn('[e2e] nginx not found: the production-server stage is skipped (Debian: sudo apt-get install -y nginx).');
} else {
  console.log(`[e2e] the @smoke tests again, served by nginx (${nginx}) with deploy/nginx`);
  const smoke = playwright(['--grep', '@smoke'], { E2E_SERVER: 'nginx', NGINX_PATH: nginx });
  if (smoke !== 0) process.exit(smoke);
}
process.exit(developmentLoop([]));
