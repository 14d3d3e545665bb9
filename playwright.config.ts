import { defineConfig } from '@playwright/test';
import apps from './apps.json';
import { CHROMIUM_ARGS } from './scripts/chromium-args.mjs';

const portOf = (name: string) => apps.find((app) => app.name === name)!.port;

/**
 * Browser tests run against the production builds on ports 3000-3003, served by `npm run serve`
 * or, with E2E_SERVER=nginx, by nginx with the configuration in deploy/nginx.
 * CI machines have 2 shared cores: one worker there (two Chromiums plus four servers only
 * slow every test down), and timeouts generous enough for a machine several times slower
 * than usual. Timeouts bound hangs; they do not measure speed (that is `npm run bench`).
 */
export default defineConfig({
  testDir: 'e2e',
  // The development loop's tests run against npm start, by their own config (playwright.dev.config.ts).
  testIgnore: '**/*.dev.spec.ts',
  fullyParallel: true,
  workers: process.env.CI ? 1 : 2,
  retries: process.env.CI ? 1 : 0,
  timeout: 90_000,
  expect: { timeout: 15_000 },
  reporter: [['list']],
  use: {
    baseURL: `http://localhost:${portOf('host')}`,
    trace: 'off',
    actionTimeout: 20_000,
    navigationTimeout: 45_000,
    launchOptions: {
      executablePath: process.env.CHROME_PATH || '/usr/bin/chromium',
      args: CHROMIUM_ARGS,
    },
  },
  webServer: {
    command: process.env.E2E_SERVER === 'nginx' ? 'node scripts/serve-nginx.mjs' : 'node scripts/serve.mjs',
    url: `http://localhost:${portOf('account')}/mf-manifest.json`,
    reuseExistingServer: false,
    timeout: 30_000,
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
