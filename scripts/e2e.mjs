#!/usr/bin/env node
/**
 * Browser tests against the production build served as `npm run serve` serves it.
 * Builds first (E2E_SKIP_BUILD=1 reuses the existing dist folders), finds Chromium, runs Playwright.
 * Extra arguments go to Playwright: npm run test:e2e -- e2e/cart.spec.ts
 */
import { spawnSync } from 'node:child_process';
import { findChromium, installChromium } from './find-chromium.mjs';

const chromium = findChromium() ?? installChromium();
if (!chromium) {
  console.error('[e2e] Chromium not found: install it (Debian: sudo apt-get install -y chromium) or set CHROME_PATH=/path/to/chrome.');
  process.exit(1);
}
console.log(`[e2e] Chromium: ${chromium}`);

if (process.env.E2E_SKIP_BUILD !== '1') {
  const build = spawnSync('npm', ['run', 'build'], { stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const run = spawnSync('npx', ['playwright', 'test', ...process.argv.slice(2)], {
  stdio: 'inherit',
  env: { ...process.env, CHROME_PATH: chromium },
});
process.exit(run.status ?? 1);
