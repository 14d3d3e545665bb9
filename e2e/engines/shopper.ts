/**
 * A shopper's hands and eyes, the same in every engine: Chromium and Firefox through
 * Playwright (playwrightShopper.ts), WebKitGTK through W3C WebDriver (webdriverShopper.ts).
 * Scenarios written against this interface run unchanged in all three.
 *
 * Things are found as a shopper finds them: by role and accessible name, by label, or by
 * visible text. A string matches the whole name (spaces trimmed); a RegExp matches any part.
 */

export type Name = string | RegExp;

/** What the shopper points at. `within` narrows the search to one other target. */
export type Target =
  | { role: string; name?: Name; level?: number; busy?: boolean; description?: Name; within?: Target }
  | { label: Name; within?: Target }
  | { text: Name; within?: Target };

export interface Shopper {
  /** Which engine this is, for messages. */
  readonly engine: string;
  /** Types the shop's address with this path (a full page load) and waits for the page to load. */
  open(path: string): Promise<void>;
  /** Types the address as open does, but goes on once the page's HTML is read: its scripts may still be on their way. */
  arrive(path: string): Promise<void>;
  /** The browser's reload button. */
  reload(): Promise<void>;
  /** The browser's Back and Forward buttons. */
  back(): Promise<void>;
  forward(): Promise<void>;
  /** Clicks the one element the target names, once it is visible, still and not covered. */
  click(target: Target): Promise<void>;
  /** A finger on the one element the target names, where it is now: no waiting for the page to be ready for it. */
  tap(target: Target): Promise<void>;
  /** Clicks into the one (empty) field the target names and types the text, key by key. */
  fill(target: Target, text: string): Promise<void>;
  /** Waits until the target is visible (one of them, where the text is in more than one place). */
  see(target: Target): Promise<void>;
  /** Waits until nothing the target names is there. */
  notSee(target: Target): Promise<void>;
  /** Waits until the address bar shows this path. */
  at(pathname: string): Promise<void>;
  /** The page's language, `<html lang>`. */
  lang(): Promise<string>;
  /**
   * Everything the page reported that a shopper must never cause, from the first page of the
   * test on: Content-Security-Policy violations, uncaught exceptions, unhandled rejections
   * and console errors, as "kind: text (on /path)".
   */
  problems(): Promise<string[]>;
}

/**
 * Runs in the page and keeps what it reports in sessionStorage, so that reloads and full page
 * loads of the same tab add to one list. `withErrorEvents`: also note uncaught exceptions and
 * unhandled rejections (where the driver reports none itself, as WebDriver classic does not).
 */
export function installProblemRecorder(withErrorEvents: boolean) {
  // Runs in the page, which sees nothing of this module: the storage key is spelt out here and below.
  const KEY = '__maisonE2eProblems';
  const flag = window as unknown as { __maisonE2eRecorder?: boolean };
  if (flag.__maisonE2eRecorder || !/^https?:$/.test(window.location.protocol)) return;
  flag.__maisonE2eRecorder = true;
  const note = (kind: string, text: string) => {
    const list = JSON.parse(window.sessionStorage.getItem(KEY) ?? '[]') as string[];
    list.push(`${kind}: ${text} (on ${window.location.pathname})`);
    window.sessionStorage.setItem(KEY, JSON.stringify(list));
  };
  document.addEventListener('securitypolicyviolation', (event) =>
    note('csp', `${event.effectiveDirective} blocked ${event.blockedURI || '(inline)'}`),
  );
  if (withErrorEvents) {
    window.addEventListener('error', (event) => note('uncaught', event.message));
    window.addEventListener('unhandledrejection', (event: PromiseRejectionEvent) =>
      note('unhandled rejection', String((event.reason as Error | undefined)?.message ?? event.reason)),
    );
  }
  const consoleError = console.error.bind(console);
  console.error = (...args: unknown[]) => {
    note('console error', args.map((arg) => (arg instanceof Error ? arg.message : String(arg))).join(' '));
    consoleError(...args);
  };
}

/** The problems the recorder kept for this tab (and origin). */
export function readRecordedProblems(): string[] {
  if (!/^https?:$/.test(window.location.protocol)) return [];
  return JSON.parse(window.sessionStorage.getItem('__maisonE2eProblems') ?? '[]') as string[];
}
