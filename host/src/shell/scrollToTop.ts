/** How long a smooth scroll may take before the page is put at the top outright. */
export const SCROLL_SETTLE_MS = 900;

const SHOPPER_SCROLL_EVENTS = ['wheel', 'touchstart', 'keydown', 'pointerdown'] as const;

/**
 * Scrolls to the top after a path change and makes sure it ends there. A smooth scroll can
 * stop short when the page's height changes under it (the old page leaving, a remote page
 * arriving), so once it settles, or after SCROLL_SETTLE_MS, the page is put at the top
 * instantly, unless the shopper has started scrolling on their own meanwhile.
 * Returns a cleanup for the next path change.
 */
export function scrollToTopAndSettle(smooth: boolean, target: Window = window): () => void {
  let shopperScrolled = false;
  const onShopperScroll = () => {
    shopperScrolled = true;
  };
  // Already at the top: nothing can move the page from there (scroll anchoring is off).
  if (target.scrollY === 0) return () => undefined;
  // Settles once: when the smooth scroll ends, or when it had time to.
  const settle = () => {
    cleanup();
    if (!shopperScrolled && target.scrollY !== 0) target.scrollTo({ top: 0, behavior: 'instant' });
  };
  const cleanup = () => {
    clearTimeout(timer);
    target.removeEventListener('scrollend', settle);
    for (const type of SHOPPER_SCROLL_EVENTS) target.removeEventListener(type, onShopperScroll);
  };

  for (const type of SHOPPER_SCROLL_EVENTS) target.addEventListener(type, onShopperScroll, { passive: true });
  target.addEventListener('scrollend', settle);
  const timer = setTimeout(settle, SCROLL_SETTLE_MS);
  target.scrollTo({ top: 0, behavior: smooth ? 'smooth' : 'instant' });
  return cleanup;
}
