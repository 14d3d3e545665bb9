/**
 * What the shoppers that drive a browser from outside (WebDriver for WebKitGTK, puppeteer-core
 * for an older Firefox) run in the page: those drivers find elements by CSS or XPath only, so
 * the shopper's queries (role and accessible name, label, text) run there with Testing Library's
 * DOM queries, injected into each document; and they click without Playwright's waiting, so a
 * click first waits, as Playwright does, for the element to be in view, still and not covered
 * (the shop scrolls smoothly and fades pages in: a click during either misses).
 * Functions marked "runs in the page" are sent as source: they use nothing from this module.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Name, Target } from './shopper';

export const TESTING_LIBRARY = readFileSync(
  path.join(path.dirname(require.resolve('@testing-library/dom/package.json')), 'dist', '@testing-library', 'dom.umd.min.js'),
  'utf8',
);
export const NO_QUERIES = 'no queries in this page yet';
export const ACTION_TIMEOUT = 20_000;
export const EXPECT_TIMEOUT = 15_000;

type PageName = string | { source: string; flags: string };
export type PageTarget = {
  role?: string;
  label?: PageName;
  text?: PageName;
  name?: PageName;
  level?: number;
  busy?: boolean;
  description?: PageName;
  within?: PageTarget;
};

/** RegExps cannot cross into the page: they go as source and flags. */
export function forPage(target: Target): PageTarget {
  const name = (value: Name | undefined) => (value instanceof RegExp ? { source: value.source, flags: value.flags } : value);
  return {
    role: 'role' in target ? target.role : undefined,
    name: 'role' in target ? name(target.name) : undefined,
    level: 'role' in target ? target.level : undefined,
    busy: 'role' in target ? target.busy : undefined,
    description: 'role' in target ? name(target.description) : undefined,
    label: 'label' in target ? name(target.label) : undefined,
    text: 'text' in target ? name(target.text) : undefined,
    within: target.within && forPage(target.within),
  };
}

export function describe(target: Target): string {
  const own =
    'role' in target
      ? `${target.role} ${String(target.name ?? '')}`
      : 'label' in target
        ? `field ${String(target.label)}`
        : `text ${String(target.text)}`;
  return target.within ? `${own} in ${describe(target.within)}` : own;
}

/** Runs in the page: the elements a target names (only those shown, if `shownOnly`), or why there are none. */
export function findInPage(target: PageTarget, shownOnly: boolean): Element[] | string {
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
    if (wanted.role) {
      const { busy, description } = wanted;
      const options = { name: matcher(wanted.name), level: wanted.level, busy, description: matcher(description) };
      return queries.queryAllByRole!(container, wanted.role, options);
    }
    if (wanted.label !== undefined) return queries.queryAllByLabelText!(container, matcher(wanted.label));
    return queries.queryAllByText!(container, matcher(wanted.text));
  };
  const found = search(target);
  const shown = (element: Element) => element.getClientRects().length > 0 && getComputedStyle(element).visibility !== 'hidden';
  return typeof found === 'string' || !shownOnly ? found : found.filter(shown);
}

/** Runs in the page: whether a click at the element's centre would reach it now ('ready'), or why not. */
export function clickReadiness(element: Element): Promise<string> {
  const box = () => JSON.stringify(element.getBoundingClientRect());
  const before = { x: window.scrollX, y: window.scrollY, box: box() };
  // Two frames apart: a smooth scroll or an animation in progress shows as movement.
  return new Promise((done) =>
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
    ),
  );
}

/**
 * Repeats `attempt` until it returns a value (not a string saying why not yet), or fails after
 * `timeout` with the last reason. An error `retriable` says is one more reason (the page changed under it).
 */
export async function until<T>(
  failure: string,
  timeout: number,
  attempt: () => Promise<T | string>,
  retriable: (error: unknown) => boolean,
): Promise<T> {
  const deadline = Date.now() + timeout;
  let last = '';
  for (;;) {
    try {
      const result = await attempt();
      if (typeof result !== 'string') return result;
      last = result;
    } catch (error) {
      if (!retriable(error)) throw error;
      last = (error as Error).message;
    }
    if (Date.now() > deadline) throw new Error(`${failure} (after ${timeout} ms: ${last})`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
