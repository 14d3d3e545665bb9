/**
 * The shopper in an engine driven through W3C WebDriver (WebKitGTK). WebDriver finds
 * elements by CSS or XPath only, so the shopper's queries (role and accessible name, label,
 * text) run in the page with Testing Library's DOM queries, injected into each document; and
 * WebDriver clicks without Playwright's waiting, so click() waits as Playwright does: for
 * the element to be there, visible, in view, still and not covered (the shop scrolls
 * smoothly and fades pages in: a click during either misses).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { error as webdriverErrors, type WebDriver, type WebElement } from 'selenium-webdriver';
import { installProblemRecorder, readRecordedProblems, type Name, type Shopper, type Target } from './shopper';

const TESTING_LIBRARY = readFileSync(
  path.join(path.dirname(require.resolve('@testing-library/dom/package.json')), 'dist', '@testing-library', 'dom.umd.min.js'),
  'utf8',
);
const NO_QUERIES = 'no queries in this page yet';
const ACTION_TIMEOUT = 20_000;
const EXPECT_TIMEOUT = 15_000;

type PageName = string | { source: string; flags: string };
type PageTarget = { role?: string; label?: PageName; text?: PageName; name?: PageName; level?: number; within?: PageTarget };

/** RegExps cannot cross into the page: they go as source and flags. */
function forPage(target: Target): PageTarget {
  const name = (value: Name | undefined) => (value instanceof RegExp ? { source: value.source, flags: value.flags } : value);
  return {
    role: 'role' in target ? target.role : undefined,
    name: 'role' in target ? name(target.name) : undefined,
    level: 'role' in target ? target.level : undefined,
    label: 'label' in target ? name(target.label) : undefined,
    text: 'text' in target ? name(target.text) : undefined,
    within: target.within && forPage(target.within),
  };
}

function describe(target: Target): string {
  const own =
    'role' in target
      ? `${target.role} ${String(target.name ?? '')}`
      : 'label' in target
        ? `field ${String(target.label)}`
        : `text ${String(target.text)}`;
  return target.within ? `${own} in ${describe(target.within)}` : own;
}

/** Runs in the page: the elements a target names (only those shown, if `shownOnly`), or why there are none. */
function findInPage(target: PageTarget, shownOnly: boolean): Element[] | string {
  const queries = (window as unknown as { TestingLibraryDom?: Record<string, (...args: unknown[]) => Element[]> }).TestingLibraryDom;
  if (!queries) return 'no queries in this page yet'; // NO_QUERIES: this runs in the page, which cannot see it
  const matcher = (name: PageName | undefined) =>
    name === undefined || typeof name === 'string' ? name : new RegExp(name.source, name.flags);
  const search = (wanted: PageTarget): Element[] | string => {
    let container: Element = document.body;
    if (wanted.within) {
      const outer = search(wanted.within);
      if (typeof outer === 'string') return outer;
      if (outer.length !== 1) return `${outer.length} containers match`;
      container = outer[0]!;
    }
    if (wanted.role) return queries.queryAllByRole!(container, wanted.role, { name: matcher(wanted.name), level: wanted.level });
    if (wanted.label !== undefined) return queries.queryAllByLabelText!(container, matcher(wanted.label));
    return queries.queryAllByText!(container, matcher(wanted.text));
  };
  const found = search(target);
  const shown = (element: Element) => element.getClientRects().length > 0 && getComputedStyle(element).visibility !== 'hidden';
  return typeof found === 'string' || !shownOnly ? found : found.filter(shown);
}

/** Runs in the page: whether a click at the element's centre would reach it now. */
function clickReadiness(element: Element, done: (state: string) => void) {
  const box = () => JSON.stringify(element.getBoundingClientRect());
  const before = { x: window.scrollX, y: window.scrollY, box: box() };
  // Two frames apart: a smooth scroll or an animation in progress shows as movement.
  requestAnimationFrame(() =>
    requestAnimationFrame(() => {
      if (!element.isConnected) return done('detached');
      if (window.scrollX !== before.x || window.scrollY !== before.y) return done('scrolling');
      if (box() !== before.box) return done('moving');
      const rect = element.getBoundingClientRect();
      if (rect.width === 0 || rect.height === 0) return done('not visible');
      const x = rect.left + rect.width / 2;
      const y = rect.top + rect.height / 2;
      if (x < 0 || y < 0 || x > window.innerWidth || y > window.innerHeight) return done('out of view');
      const hit = document.elementFromPoint(x, y);
      if (!hit || !(hit === element || element.contains(hit))) return done(`covered by <${hit?.tagName.toLowerCase() ?? 'nothing'}>`);
      done('ready');
    }),
  );
}

export function webdriverShopper(driver: WebDriver, engine: string, baseURL: string): Shopper {
  /** Repeats `attempt` until it returns a value (not a string saying why not yet), or fails after `timeout`. */
  async function until<T>(what: string, timeout: number, attempt: () => Promise<T | string>): Promise<T> {
    const deadline = Date.now() + timeout;
    let last = '';
    for (;;) {
      try {
        const result = await attempt();
        if (typeof result !== 'string') return result;
        last = result;
      } catch (error) {
        const retriable = [
          webdriverErrors.StaleElementReferenceError,
          webdriverErrors.ElementNotInteractableError,
          webdriverErrors.ElementClickInterceptedError,
          webdriverErrors.JavascriptError,
        ].some((kind) => error instanceof kind);
        if (!retriable) throw error;
        last = (error as Error).message;
      }
      if (Date.now() > deadline) throw new Error(`${engine}: ${what} (after ${timeout} ms: ${last})`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

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
    await until(`click ${describe(target)}`, ACTION_TIMEOUT, async () => {
      const element = await one(target);
      if (typeof element === 'string') return element;
      const state = await driver.executeAsyncScript<string>(`(${clickReadiness})(arguments[0], arguments[arguments.length - 1])`, element);
      // Brought into view the way the shop scrolls (smoothly); the next round waits for the scroll to end.
      if (state === 'out of view') await driver.executeScript("arguments[0].scrollIntoView({ block: 'center' })", element);
      if (state !== 'ready') return state;
      await element.click();
      return true;
    });
  }

  return {
    engine,
    open: (pathname) => load(() => driver.get(new URL(pathname, baseURL).href)),
    reload: () => load(() => driver.navigate().refresh()),
    back: () => driver.navigate().back(),
    forward: () => driver.navigate().forward(),
    click,
    async fill(target, text) {
      await click(target);
      const element = await until(`the field ${describe(target)}`, ACTION_TIMEOUT, () => one(target));
      await element.sendKeys(text);
    },
    async see(target) {
      await until(`see ${describe(target)}`, EXPECT_TIMEOUT, async () => {
        const found = await find(target, { visible: true });
        if (typeof found === 'string') return found;
        return found.length === 0 ? 'not visible' : true;
      });
    },
    async notSee(target) {
      await until(`no ${describe(target)}`, EXPECT_TIMEOUT, async () => {
        const found = await find(target, { visible: false });
        return typeof found !== 'string' && found.length > 0 ? `${found.length} still there` : true;
      });
    },
    async at(pathname) {
      await until(`the path ${pathname}`, EXPECT_TIMEOUT, async () => {
        const current = await driver.executeScript<string>('return location.pathname');
        return current === pathname ? true : `at ${current}`;
      });
    },
    lang: () => driver.executeScript<string>('return document.documentElement.lang'),
    problems: () => driver.executeScript<string[]>(`return (${readRecordedProblems})()`),
  };
}
