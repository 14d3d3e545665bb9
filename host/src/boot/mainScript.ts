import { INTRO_ATTRIBUTE } from '../shell/introGate';
import { waitForMainPictures } from './mainPictures';

/** A page that never paints (a tab opened in the background) runs main.js after this. */
export const UNPAINTED_START_AFTER_MS = 3000;

/** Adds main.js (preloaded by the page's head; the host's chunks are async scripts of the page, the remotes' files preloads). */
export function startMain(src: string, onError: () => void): void {
  const main = document.createElement('script');
  main.src = src;
  main.onerror = onError;
  document.head.appendChild(main);
}

/**
 * Runs `run` once the page's content is on screen: after its first frame has been painted (a
 * frame's callbacks run before it is painted, the next one's after; no frame is made while the
 * stylesheets block rendering), or its first contentful paint if that is reported sooner (a
 * performance observer's report comes as a low-priority task: on a slow phone it came 0.3 s after
 * the paint), and its main pictures have been painted (./mainPictures.ts). Under the intro
 * nothing is on screen until the scripts draw it: frames only.
 */
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
