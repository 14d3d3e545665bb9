import { defineConfig } from '@playwright/test';
import { appNamed } from './apps.mts';
import type { EngineOptions } from './e2e/engines/test';
import { PAGE_LOAD_CHROMIUM_ARGS } from './scripts/chromium-args.mjs';

const portOf = (name: string) => appNamed(name).port;

/**
 * Browser tests run against the production builds on ports 3000-3003, served by `npm run serve`
 * or, with E2E_SERVER=nginx, by nginx with the configuration in deploy/nginx.
 * CI machines have 2 shared cores: one worker there by default (scripts/e2e.mjs runs the
 * Chromium stages, the longest, with two: tests that serve their own shop take ports by worker
 * or per file), and timeouts generous enough for a machine several times slower
 * than usual. Timeouts bound hangs; they do not measure speed (that is `npm run bench`).
 *
 * Three engines, one project each (scripts/e2e.mjs passes the browsers' paths): Chromium runs
 * every test but the ones tagged @every-engine (e2e/everyEngine.spec.ts: a shopper's whole visit,
 * the same journeys as journeys.spec.ts, cart.spec.ts and federation.spec.ts, which Chromium runs);
 * Firefox and WebKit run those, and Firefox also the ones tagged @firefox.
 * Firefox's driver is Playwright, or puppeteer-core where E2E_FIREFOX_DRIVER=puppeteer (the runner
 * sets it for a Firefox older than Playwright needs: scripts/browser-drivers.mjs); the @firefox
 * tests use Playwright's own page, so they are left out then. `firefox-puppeteer` runs the
 * every-engine visit through that fallback, to prove it where Firefox is new enough for Playwright.
 */
const firefoxDriver = process.env.E2E_FIREFOX_DRIVER === 'puppeteer' ? 'puppeteer' : 'playwright';
const firefox = { browserName: 'firefox', launchOptions: { executablePath: process.env.FIREFOX_PATH || '/usr/bin/firefox-esr' } } as const;

export default defineConfig<EngineOptions>({
  testDir: 'e2e',
  // The development loop's tests run against npm start, by their own config (playwright.dev.config.ts).
  testIgnore: '**/*.dev.spec.ts',
  fullyParallel: true,
  workers: process.env.CI ? 1 : 2,
  retries: process.env.CI ? 1 : 0,
  timeout: 90_000,
  expect: { timeout: 15_000 },
  reporter: [['list'], ['./e2e/engines/engineReport.ts']],
  use: {
    baseURL: `http://localhost:${portOf('host')}`,
    trace: 'off',
    actionTimeout: 20_000,
    navigationTimeout: 45_000,
  },
  projects: [
    {
      name: 'chromium',
      grepInvert: /@every-engine/,
      use: {
        browserName: 'chromium',
        launchOptions: { executablePath: process.env.CHROME_PATH || '/usr/bin/chromium', args: PAGE_LOAD_CHROMIUM_ARGS },
      },
    },
    {
      // Debian's Firefox ESR over WebDriver BiDi (Playwright's own Firefox is a download).
      name: 'firefox',
      grep: firefoxDriver === 'puppeteer' ? /@every-engine/ : /@every-engine|@firefox/,
      use: { ...firefox, channel: 'moz-firefox', shopDriver: firefoxDriver },
    },
    {
      name: 'firefox-puppeteer',
      grep: /@every-engine/,
      use: { ...firefox, shopDriver: 'puppeteer' },
    },
    {
      // Debian's WebKitGTK through W3C WebDriver (e2e/engines/webkitgtk.ts); Playwright's own
      // WebKit is a download, so a test here that asks for `page` fails at once.
      name: 'webkit',
      grep: /@every-engine/,
      use: { browserName: 'webkit', shopDriver: 'webkitgtk' },
    },
  ],
  webServer: {
    command: process.env.E2E_SERVER === 'nginx' ? 'node deploy/src/cli/serveNginx.ts' : 'node deploy/src/cli/serve.ts',
    // The host answers last: both servers render the pages from the running remotes first.
    url: `http://localhost:${portOf('host')}/remotes.json`,
    reuseExistingServer: false,
    timeout: 30_000,
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
