import { INTRO_ATTRIBUTE } from '../shell/introGate';

/** A page that never paints (a tab opened in the background) runs main.js after this. */
export const UNPAINTED_START_AFTER_MS = 3000;

export function startMain(src: string, onerror: () => void): void {
  document.head.appendChild(Object.assign(document.createElement('script'), { src, onerror }));
}

/** Whether a performance observer reports `type` here; without one, frames only. */
const reports = (type: string) => !!window.PerformanceObserver?.supportedEntryTypes?.includes(type);

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
  if (!document.documentElement.hasAttribute(INTRO_ATTRIBUTE) && reports('paint'))
    new PerformanceObserver((list) => {
      if (list.getEntriesByName('first-contentful-paint').length > 0) onPaint();
    }).observe({ type: 'paint', buffered: true });
  requestAnimationFrame(() => requestAnimationFrame(onPaint));
  setTimeout(once, UNPAINTED_START_AFTER_MS);
}

/** A main picture that is not the page's largest paint (no report comes) counts as painted this long after it arrived. */
export const NOT_LARGEST_PAINTED_AFTER_MS = 500;

/** Calls `done` once each fetchpriority=high picture is painted; returns how many it waits for. */
// Why: docs/decisions/build-and-render.md#main-pictures
export function waitForMainPictures(done: () => void): number {
  if (document.documentElement.hasAttribute(INTRO_ATTRIBUTE)) return 0;
  const pending: Element[] = [];
  const reported = reports('largest-contentful-paint');
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
