/** Runs `task` once the page has loaded and the browser is idle (or after 4 s of waiting for idle). */
export function whenIdleAfterLoad(task: () => void): void {
  // Safari has no requestIdleCallback: a second after load stands in for it.
  const idle = () => (typeof requestIdleCallback === 'function' ? requestIdleCallback(task, { timeout: 4000 }) : setTimeout(task, 1000));
  if (document.readyState === 'complete') idle();
  else window.addEventListener('load', idle, { once: true });
}

/** Calls `onPath` with the path of a same-origin link the shopper points at or focuses. */
// Why: docs/decisions/federation-runtime.md#prefetch-triggers
export function onNavigationIntent(onPath: (pathname: string) => void): void {
  const handle = (event: Event) => {
    const link = (event.target as Element | null)?.closest?.('a[href]');
    if (!(link instanceof HTMLAnchorElement) || link.origin !== window.location.origin) return;
    onPath(link.pathname);
  };
  document.addEventListener('pointerover', handle, { passive: true });
  document.addEventListener('focusin', handle);
}
