import { useCallback, useState } from 'react';
import { RouterProvider } from 'react-router-dom';
import { createShopRouter } from './router';
import { IntroScreen } from './shell/IntroScreen';
import { hasVisitedThisSession, INTRO_FADE_MS, INTRO_PAUSE_MS, markVisited } from './shell/introTiming';
import { prefersReducedMotion } from './shell/usePrefersReducedMotion';

function sessionStore(): Storage | undefined {
  try {
    return window.sessionStorage;
  } catch {
    return undefined;
  }
}

/** The intro runs once per browser session; the shop appears 300 ms after it completes. */
export function App() {
  const [router] = useState(createShopRouter);
  const [introDone] = useState(() => hasVisitedThisSession(sessionStore()));
  const [showShop, setShowShop] = useState(introDone);
  const [showIntro, setShowIntro] = useState(!introDone);

  const onIntroComplete = useCallback(() => {
    markVisited(sessionStore());
    const reduced = prefersReducedMotion();
    setTimeout(() => setShowShop(true), reduced ? 0 : INTRO_PAUSE_MS);
    setTimeout(() => setShowIntro(false), reduced ? 0 : INTRO_FADE_MS);
  }, []);

  return (
    <>
      {showShop && <RouterProvider router={router} />}
      {showIntro && <IntroScreen onComplete={onIntroComplete} />}
    </>
  );
}
