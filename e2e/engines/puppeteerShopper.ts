/**
 * The shopper in a Firefox Playwright cannot drive (older than it needs: scripts/browser-drivers.mjs),
 * through puppeteer-core over WebDriver BiDi. Its queries and its wait before a click run in the
 * page, as the WebDriver shopper's do (inPage.ts); unlike WebDriver classic, the problem recorder
 * goes into every document before the page's own scripts, as in Playwright.
 */
import type { ElementHandle, JSHandle, Page } from 'puppeteer-core';
import {
  ACTION_TIMEOUT,
  EXPECT_TIMEOUT,
  NO_QUERIES,
  TESTING_LIBRARY,
  clickReadiness,
  describe,
  findInPage,
  forPage,
  until,
} from './inPage';
import { installProblemRecorder, readRecordedProblems, type Shopper, type Target } from './shopper';

export async function puppeteerShopper(page: Page, engine: string, baseURL: string): Promise<Shopper> {
  // Uncaught exceptions as the page sees them (its error events), not puppeteer's 'pageerror':
  // Firefox ESR 140 also reports an error of its own there on some loads ('Permission denied to
  // access property "length"') that no script of the page threw.
  await page.evaluateOnNewDocument(installProblemRecorder, true);
  page.setDefaultNavigationTimeout(45_000);
  page.setDefaultTimeout(ACTION_TIMEOUT);

  // A step the page changed under (a navigation, a node replaced) is tried again until its deadline.
  const poll = <T>(what: string, timeout: number, attempt: () => Promise<T | string>) =>
    until(`${engine}: ${what}`, timeout, attempt, () => true);

  async function find(target: Target, { visible }: { visible: boolean }): Promise<ElementHandle<Element>[] | string> {
    const query = async () => {
      const found: JSHandle<Element[] | string> = await page.evaluateHandle(findInPage, forPage(target), visible);
      const reason = await found.evaluate((value) => (typeof value === 'string' ? value : null));
      if (reason !== null) {
        await found.dispose();
        return reason;
      }
      const elements = [...(await found.getProperties()).values()].flatMap((handle) => handle.asElement() ?? []);
      await found.dispose();
      return elements as ElementHandle<Element>[];
    };
    const found = await query();
    if (found !== NO_QUERIES) return found;
    // A new document: the queries go in once, then stay for every later search in it.
    await page.evaluate(TESTING_LIBRARY);
    return query();
  }

  async function one(target: Target): Promise<ElementHandle<Element> | string> {
    const found = await find(target, { visible: true });
    if (typeof found === 'string') return found;
    if (found.length === 1) return found[0]!;
    await Promise.all(found.map((element) => element.dispose()));
    return `${found.length} visible elements match`;
  }

  async function click(target: Target) {
    await poll(`click ${describe(target)}`, ACTION_TIMEOUT, async () => {
      const element = await one(target);
      if (typeof element === 'string') return element;
      const state = await element.evaluate(clickReadiness);
      // Brought into view the way the shop scrolls (smoothly); the next round waits for the scroll to end.
      if (state === 'out of view') await element.evaluate((node) => node.scrollIntoView({ block: 'center' }));
      if (state === 'ready') await element.click();
      await element.dispose();
      return state === 'ready' ? true : state;
    });
  }

  /**
   * Loads a page and waits for its load event. Firefox before 144 fails the navigation when the
   * page moves itself to another address while it loads (the boot script, to the shopper's language):
   * then it waits for the page moved to, a new document (the one left was marked).
   */
  async function load(navigate: () => Promise<unknown>) {
    await page.evaluate(() => Object.assign(window, { __maisonE2eLeft: true })).catch(() => undefined);
    try {
      await navigate();
    } catch (error) {
      if (!String((error as Error).message).includes('NS_BINDING_ABORTED')) throw error;
      await poll('the page it moved to', 45_000, async () => {
        const state = await page.evaluate(() => ('__maisonE2eLeft' in window ? 'still on the page before' : document.readyState));
        return state === 'complete' ? true : state;
      });
    }
  }

  return {
    engine,
    open: (pathname) => load(() => page.goto(new URL(pathname, baseURL).href, { waitUntil: 'load' })),
    arrive: (pathname) => load(() => page.goto(new URL(pathname, baseURL).href, { waitUntil: 'domcontentloaded' })),
    async tap(target) {
      const element = await poll(`find ${describe(target)}`, ACTION_TIMEOUT, () => one(target));
      const box = await element.boundingBox();
      await element.dispose();
      if (!box) throw new Error(`${engine}: ${describe(target)} has no box to tap`);
      await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
    },
    reload: () => load(() => page.reload({ waitUntil: 'load' })),
    // The session history's Back and Forward, not waited for: puppeteer's goBack() waits for an
    // event Firefox ESR 140 does not send for the shop's own (same-document) navigations.
    async back() {
      await page.evaluate(() => history.back());
    },
    async forward() {
      await page.evaluate(() => history.forward());
    },
    click,
    async fill(target, text) {
      await click(target);
      const element = await poll(`the field ${describe(target)}`, ACTION_TIMEOUT, () => one(target));
      // Key by key, as a shopper types (React's controlled fields see each input).
      await element.type(text);
      await element.dispose();
    },
    async see(target) {
      await poll(`see ${describe(target)}`, EXPECT_TIMEOUT, async () => {
        const found = await find(target, { visible: true });
        if (typeof found === 'string') return found;
        await Promise.all(found.map((element) => element.dispose()));
        return found.length === 0 ? 'not visible' : true;
      });
    },
    async notSee(target) {
      await poll(`no ${describe(target)}`, EXPECT_TIMEOUT, async () => {
        const found = await find(target, { visible: false });
        if (typeof found === 'string') return true;
        await Promise.all(found.map((element) => element.dispose()));
        return found.length > 0 ? `${found.length} still there` : true;
      });
    },
    async at(pathname) {
      await poll(`the path ${pathname}`, EXPECT_TIMEOUT, async () => {
        // From the page: puppeteer learns of the shop's own navigations only from Firefox 141.
        const current = await page.evaluate(() => location.pathname);
        return current === pathname ? true : `at ${current}`;
      });
    },
    lang: () => page.evaluate(() => document.documentElement.lang),
    problems: () => page.evaluate(readRecordedProblems),
  };
}
