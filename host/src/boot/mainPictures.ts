import { INTRO_ATTRIBUTE } from '../shell/introGate';

/** A main picture that is not the page's largest paint (no report comes) counts as painted this long after it arrived. */
export const NOT_LARGEST_PAINTED_AFTER_MS = 500;

/**
 * Calls `done` once each fetchpriority=high picture is painted; returns how many it waits for.
 */
// Why: docs/decisions/build-and-render.md#main-pictures
export function waitForMainPictures(done: () => void): number {
  if (document.documentElement.hasAttribute(INTRO_ATTRIBUTE)) return 0;
  const pending: Element[] = [];
  let reported = false;
  try {
    reported = PerformanceObserver.supportedEntryTypes.includes('largest-contentful-paint');
  } catch {
    // No performance observer: frames only.
  }
  const finish = (picture: Element | null) => {
    const index = pending.indexOf(picture!);
    if (index < 0) return;
    pending.splice(index, 1);
    done();
  };
  const arrived = (picture: HTMLImageElement) => {
    if (reported) setTimeout(() => finish(picture), NOT_LARGEST_PAINTED_AFTER_MS);
    else
      picture.decode().then(
        () => requestAnimationFrame(() => requestAnimationFrame(() => finish(picture))),
        () => finish(picture),
      );
  };
  for (const picture of document.querySelectorAll<HTMLImageElement>('#root img[fetchpriority="high"]')) {
    pending.push(picture);
    picture.addEventListener('error', () => finish(picture), { once: true });
    if (picture.complete) arrived(picture);
    else picture.addEventListener('load', () => arrived(picture), { once: true });
  }
  if (reported && pending.length > 0)
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as LargestContentfulPaint[]) finish(entry.element);
    }).observe({ type: 'largest-contentful-paint', buffered: true });
  return pending.length;
}
