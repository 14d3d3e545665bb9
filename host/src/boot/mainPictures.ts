import { INTRO_ATTRIBUTE } from '../shell/introGate';

/** A main picture that is not the page's largest paint (no report comes) counts as painted this long after it arrived. */
export const NOT_LARGEST_PAINTED_AFTER_MS = 500;

/**
 * The first view's main pictures (those it fetches first: fetchpriority=high) are small and come
 * with the stylesheets, long before the scripts on a slow line; where the scripts are there first
 * (a fast line, a warm cache), running them then would hold the page's largest paint back behind
 * its start-up work. A picture is painted when the browser reports it as the largest paint so far;
 * one that is not the largest counts as painted 0.5 s after it arrived; a browser without that
 * report: two frames after it was decoded. Calls `done` once per picture; returns how many it waits
 * for (none under the intro: nothing is on screen until the scripts draw it).
 */
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
