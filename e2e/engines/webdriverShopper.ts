/**
 * The shopper in an engine driven through W3C WebDriver (WebKitGTK): its queries and its wait
 * before a click run in the page (inPage.ts).
 */
import { error as webdriverErrors, type WebDriver, type WebElement } from 'selenium-webdriver';
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

/** Errors of a page that changed under a step: the step is tried again. */
const retriable = (error: unknown) =>
  [
    webdriverErrors.StaleElementReferenceError,
    webdriverErrors.ElementNotInteractableError,
    webdriverErrors.ElementClickInterceptedError,
    webdriverErrors.JavascriptError,
  ].some((kind) => error instanceof kind);

export function webdriverShopper(driver: WebDriver, engine: string, baseURL: string): Shopper {
  const poll = <T>(what: string, timeout: number, attempt: () => Promise<T | string>) =>
    until(`${engine}: ${what}`, timeout, attempt, retriable);

  async function find(target: Target, { visible }: { visible: boolean }): Promise<WebElement[] | string> {
    const query = () =>
      driver.executeScript<WebElement[] | string>(`return (${findInPage})(arguments[0], arguments[1])`, forPage(target), visible);
    const found = await query();
    if (found !== NO_QUERIES) return found;
    // A new document: the queries go in once, then stay for every later search in it.
    await driver.executeScript(TESTING_LIBRARY);
    return query();
  }

  async function one(target: Target): Promise<WebElement | string> {
    const found = await find(target, { visible: true });
    if (typeof found === 'string') return found;
    return found.length === 1 ? found[0]! : `${found.length} visible elements match`;
  }

  /**
   * Loads a page (WebDriver returns at its load event) and puts the problem recorder into it.
   * WebDriver classic has no way into a page before its own scripts run, so what a page
   * reports while it loads goes unseen here; everything after, every click, is recorded.
   */
  async function load(navigate: () => Promise<void>) {
    await navigate();
    await driver.executeScript(`(${installProblemRecorder})(true)`);
  }

  async function click(target: Target) {
    await poll(`click ${describe(target)}`, ACTION_TIMEOUT, async () => {
      const element = await one(target);
      if (typeof element === 'string') return element;
      const state = await driver.executeAsyncScript<string>(
        `(${clickReadiness})(arguments[0]).then(arguments[arguments.length - 1])`,
        element,
      );
      // Brought into view the way the shop scrolls (smoothly); the next round waits for the scroll to end.
      if (state === 'out of view') await driver.executeScript("arguments[0].scrollIntoView({ block: 'center' })", element);
      if (state !== 'ready') return state;
      await element.click();
      return true;
    });
  }

  /** A page asked for from the page itself (WebDriver's own navigation waits for the load event), until its HTML is read. */
  async function arrive(pathname: string) {
    const href = new URL(pathname, baseURL).href;
    await driver.executeScript('window.__maisonE2eLeft = true; location.href = arguments[0]', href);
    await poll(`arrive at ${pathname}`, EXPECT_TIMEOUT, async () => {
      const state = await driver.executeScript<string>(
        "return '__maisonE2eLeft' in window ? 'still on the page before' : document.readyState",
      );
      return state === 'loading' || state === 'still on the page before' ? state : true;
    });
    await driver.executeScript(`(${installProblemRecorder})(true)`);
  }

  /** A pointer pressed and lifted at the element's centre, as it is now (WebDriver's element click would wait for it). */
  async function tap(target: Target) {
    const element = await poll(`find ${describe(target)}`, ACTION_TIMEOUT, () => one(target));
    await driver.actions().move({ origin: element }).press().release().perform();
  }

  return {
    engine,
    open: (pathname) => load(() => driver.get(new URL(pathname, baseURL).href)),
    arrive,
    tap,
    reload: () => load(() => driver.navigate().refresh()),
    back: () => driver.navigate().back(),
    forward: () => driver.navigate().forward(),
    click,
    async fill(target, text) {
      await click(target);
      const element = await poll(`the field ${describe(target)}`, ACTION_TIMEOUT, () => one(target));
      await element.sendKeys(text);
    },
    async see(target) {
      await poll(`see ${describe(target)}`, EXPECT_TIMEOUT, async () => {
        const found = await find(target, { visible: true });
        if (typeof found === 'string') return found;
        return found.length === 0 ? 'not visible' : true;
      });
    },
    async notSee(target) {
      await poll(`no ${describe(target)}`, EXPECT_TIMEOUT, async () => {
        const found = await find(target, { visible: false });
        return typeof found !== 'string' && found.length > 0 ? `${found.length} still there` : true;
      });
    },
    async at(pathname) {
      await poll(`the path ${pathname}`, EXPECT_TIMEOUT, async () => {
        const current = await driver.executeScript<string>('return location.pathname');
        return current === pathname ? true : `at ${current}`;
      });
    },
    lang: () => driver.executeScript<string>('return document.documentElement.lang'),
    problems: () => driver.executeScript<string[]>(`return (${readRecordedProblems})()`),
  };
}
