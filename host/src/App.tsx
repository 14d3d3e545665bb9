import { useCallback, useLayoutEffect, useState, type ReactNode } from 'react';
import { useHydrated } from '@maison/shared';
import { IntroScreen } from './shell/IntroScreen';
import { introPending, revealAfterIntro, takeOverEarlyInput } from './shell/introGate';
import { hasVisitedThisSession, INTRO_FADE_MS, INTRO_PAUSE_MS, markVisited } from './shell/introTiming';
import { prefersReducedMotion } from './shell/usePrefersReducedMotion';

function sessionStore(): Storage | undefined {
  try {
    return window.sessionStorage;
  } catch {
    return undefined;
  }
}

/**
 * The intro runs once per browser session; the shop appears 300 ms after it completes.
 *
 * `rendered`: the page arrived as rendered HTML (the server renders with it, the browser takes
 * that HTML over with it). The shop is then in the markup from the start; on a session's first
 * visit the boot script has covered it since the first paint (shell/introGate.ts), and the
 * intro mounts as soon as the page is alive, then uncovers it.
 */
export function App({ router, rendered = false }: { router: ReactNode; rendered?: boolean }) {
  const hydrated = useHydrated();
  const [coveredByBootScript] = useState(() => rendered && typeof document !== 'undefined' && introPending());
  const [seenThisSession] = useState(() => rendered || hasVisitedThisSession(sessionStore()));
  const [showShop, setShowShop] = useState(seenThisSession);
  const [introGone, setIntroGone] = useState(false);
  const showIntro = !introGone && (rendered ? coveredByBootScript && hydrated : !seenThisSession);
  // Runs once the first render is on the page: for a rendered page, once it has taken over the HTML.
  // In the commit that takes over the HTML, before any event reaches the live page.
  useLayoutEffect(takeOverEarlyInput, []);

  const onIntroComplete = useCallback(() => {
    markVisited(sessionStore());
    const reduced = prefersReducedMotion();
    setTimeout(
      () => {
        setShowShop(true);
        revealAfterIntro();
      },
      reduced ? 0 : INTRO_PAUSE_MS,
    );
    setTimeout(() => setIntroGone(true), reduced ? 0 : INTRO_FADE_MS);
  }, []);

  return (
    <>
      {showShop && router}
      {showIntro && <IntroScreen onComplete={onIntroComplete} />}
    </>
  );
}
