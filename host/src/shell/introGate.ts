declare global {
  interface Window {
    /** Set by the boot script on a rendered page (boot/earlyInput.ts): hands over what the shopper did before the page was alive. */
    __maisonAlive?: () => void;
    /** Set by the boot script: the page starts taking over its HTML (the buttons' not-ready marks go). */
    __maisonHydrating?: () => void;
  }
}

/** The page starts taking over its HTML: it must find the server's markup, so the boot script's marks go first. */
export function beforeTakingOver(): void {
  window.__maisonHydrating?.();
}

/**
 * The page is alive (it has taken over its HTML): what the boot script held for it goes to it now, and
 * the document says so (data-alive), for whoever watches the page from outside: browser tests,
 * the benchmark, an on-call engineer in the console.
 */
export function takeOverEarlyInput(doc: Document = document): void {
  doc.documentElement.dataset.alive = 'true';
  // Right after the commit, not inside it: an event React hears during a commit has its state
  // update deferred, and a controlled field is set back to the old value before that update runs
  // (the shopper's typing was lost). No other event can come between.
  queueMicrotask(() => window.__maisonAlive?.());
}

/**
 * The intro's rule on a rendered page. The server cannot read session storage and the policy
 * allows no inline script, so a tiny external script (the boot script, boot/, the body's first element) marks the
 * document before the first paint when this session has not seen the intro; appShell.css then
 * covers the page until the intro completes.
 */
export const INTRO_ATTRIBUTE = 'data-intro';
export const INTRO_PENDING = 'pending';

export function introPending(doc: Document = document): boolean {
  return doc.documentElement.getAttribute(INTRO_ATTRIBUTE) === INTRO_PENDING;
}

export function revealAfterIntro(doc: Document = document): void {
  doc.documentElement.removeAttribute(INTRO_ATTRIBUTE);
}
