/**
 * `test` for scenarios that run in every engine: its `shop` is a Shopper in this project's
 * engine, through Playwright (Chromium, Firefox), through WebDriver (WebKitGTK: the project
 * sets `shopDriver: 'webkitgtk'`) or through puppeteer-core (a Firefox older than Playwright
 * needs: `shopDriver: 'puppeteer'`). Each test gets a fresh browser profile, and fails if any
 * page reported a problem (Content-Security-Policy violation, uncaught exception, unhandled
 * rejection, console error) it did not expect. It notes the engine, its version and the
 * driver as an `engine` annotation (scripts/e2e.mjs prints them in its summary).
 *
 * The browser is launched here rather than through Playwright's `page`, which would launch
 * one in the other drivers' projects too.
 */
import { writeFileSync } from 'node:fs';
import { test as base, expect, type Browser } from '@playwright/test';
import { launch as launchWithPuppeteer, type Browser as PuppeteerBrowser } from 'puppeteer-core';
import { playwrightShopper } from './playwrightShopper';
import { puppeteerShopper } from './puppeteerShopper';
import type { Shopper } from './shopper';
import { startWebKitDriver, type WebKitDriver } from './webkitgtk';
import { ownShopFixtures, type OwnShopFixtures } from '../ownShop';
import { webdriverShopper } from './webdriverShopper';

export type ShopDriver = 'playwright' | 'webkitgtk' | 'puppeteer';

export interface EngineOptions {
  shopDriver: ShopDriver;
}

interface WorkerFixtures extends EngineOptions {
  engineBrowser: Browser | undefined;
  webkitDriver: WebKitDriver | undefined;
  puppeteerBrowser: PuppeteerBrowser | undefined;
}

interface TestFixtures {
  shop: Shopper;
  /** Problems a test provokes on purpose (a remote taken down logs its failure): not failures. */
  expectedProblems: RegExp | null;
}

export const test = base.extend<TestFixtures & OwnShopFixtures, WorkerFixtures>({
  ...ownShopFixtures,
  shopDriver: ['playwright', { option: true, scope: 'worker' }],
  engineBrowser: [
    async ({ shopDriver, playwright, browserName, channel, launchOptions }, use) => {
      if (shopDriver !== 'playwright') return use(undefined);
      const browser = await playwright[browserName].launch({ ...launchOptions, channel });
      await use(browser);
      await browser.close();
    },
    { scope: 'worker' },
  ],
  webkitDriver: [
    async ({ shopDriver }, use) => {
      if (shopDriver !== 'webkitgtk') return use(undefined);
      const driver = await startWebKitDriver();
      await use(driver);
      await driver.stop();
    },
    { scope: 'worker' },
  ],
  puppeteerBrowser: [
    async ({ shopDriver, browserName, launchOptions }, use) => {
      if (shopDriver !== 'puppeteer') return use(undefined);
      if (browserName !== 'firefox') throw new Error(`the puppeteer driver drives Firefox only, not ${browserName}`);
      const browser = await launchWithPuppeteer({
        browser: 'firefox',
        executablePath: launchOptions.executablePath,
        defaultViewport: null,
      });
      await use(browser);
      await browser.close();
    },
    { scope: 'worker' },
  ],
  expectedProblems: [null, { option: true }],
  shop: async ({ engineBrowser, webkitDriver, puppeteerBrowser, baseURL, expectedProblems }, use, testInfo) => {
    const engine = testInfo.project.name;
    let shop: Shopper;
    let screenshot: () => Promise<Buffer>;
    let close: () => Promise<void>;
    let ranIn: string;
    if (webkitDriver) {
      const session = await webkitDriver.newSession();
      shop = webdriverShopper(session, engine, baseURL!);
      screenshot = async () => Buffer.from(await session.takeScreenshot(), 'base64');
      close = () => session.quit();
      const capabilities = await session.getCapabilities();
      ranIn = `WebKitGTK ${String(capabilities.get('browserVersion'))} (WebKitWebDriver)`;
    } else if (puppeteerBrowser) {
      const context = await puppeteerBrowser.createBrowserContext();
      const page = await context.newPage();
      // The headless window's own size (1366×768): puppeteer's setViewport also overrides the
      // screen's orientation, a command Firefox has from 144 only.
      shop = await puppeteerShopper(page, engine, baseURL!);
      screenshot = async () => Buffer.from(await page.screenshot());
      close = () => context.close();
      ranIn = `Firefox ${(await puppeteerBrowser.version()).replace(/^firefox\//, '')} (puppeteer-core)`;
    } else {
      const context = await engineBrowser!.newContext();
      const page = await context.newPage();
      shop = await playwrightShopper(page, engine, baseURL!);
      screenshot = () => page.screenshot();
      close = () => context.close();
      const name = { chromium: 'Chromium', firefox: 'Firefox', webkit: 'WebKit' }[engineBrowser!.browserType().name()];
      ranIn = `${name} ${engineBrowser!.version()} (Playwright)`;
    }
    testInfo.annotations.push({ type: 'engine', description: ranIn });
    try {
      await use(shop);
      if (testInfo.status !== testInfo.expectedStatus) {
        const file = testInfo.outputPath('failed.png');
        writeFileSync(file, await screenshot());
        await testInfo.attach('screenshot', { path: file, contentType: 'image/png' });
      }
      const unexpected = (await shop.problems()).filter((problem) => !expectedProblems?.test(problem));
      expect(unexpected, `problems the pages reported in ${engine}`).toEqual([]);
    } finally {
      await close();
    }
  },
});

export { expect };
