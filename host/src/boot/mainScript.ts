import { INTRO_ATTRIBUTE } from '../shell/introGate';
import { waitForMainPictures } from './mainPictures';

/** A page that never paints (a tab opened in the background) runs main.js after this. */
export const UNPAINTED_START_AFTER_MS = 3000;

/** Adds main.js (already preloaded by the page's head). */
export function startMain(src: string, onError: () => void): void {
  const main = document.createElement('script');
  main.src = src;
  main.onerror = onError;
  document.head.appendChild(main);
}

/** Runs `run` after the first paint (two frames, or first-contentful-paint if sooner) and the main pictures. */
// Why: docs/decisions/build-and-render.md#after-first-paint
export function afterFirstPaint(run: () => void): void {
  let started = false;
  const once = () => {
    if (!started) setTimeout(run, 0);
    started = true;
  };
  const done = () => {
    waiting -= 1;
    if (waiting === 0) once();
  };
  let waiting = 1 + waitForMainPictures(done);
  let painted = false;
  const onPaint = () => {
    if (!painted) done();
    painted = true;
  };
  try {
    if (!document.documentElement.hasAttribute(INTRO_ATTRIBUTE) && PerformanceObserver.supportedEntryTypes.includes('paint'))
      new PerformanceObserver((list) => {
        if (list.getEntriesByName('first-contentful-paint').length > 0) onPaint();
      }).observe({ type: 'paint', buffered: true });
  } catch {
    // No paint timing here: frames only.
  }
  requestAnimationFrame(() => requestAnimationFrame(onPaint));
  setTimeout(once, UNPAINTED_START_AFTER_MS);
}
