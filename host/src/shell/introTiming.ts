/**
 * Intro screen timing: the bar climbs 2 points every 20 ms to 100, then after 300 ms the screen
 * fades out over 500 ms. It shows once per browser session (the `hasVisited` session flag).
 */
export const INTRO_STEP_MS = 20;
export const INTRO_STEP_POINTS = 2;
export const INTRO_PAUSE_MS = 300;
export const INTRO_FADE_MS = 500;
/** Under prefers-reduced-motion the bar fills five times faster and nothing fades. */
export const REDUCED_MOTION_STEP_POINTS = 10;
export const VISITED_SESSION_KEY = 'hasVisited';

export function nextIntroProgress(progress: number, reducedMotion: boolean): number {
  return Math.min(100, progress + (reducedMotion ? REDUCED_MOTION_STEP_POINTS : INTRO_STEP_POINTS));
}

export function hasVisitedThisSession(storage: Storage | undefined): boolean {
  try {
    return storage?.getItem(VISITED_SESSION_KEY) != null;
  } catch {
    return false;
  }
}

export function markVisited(storage: Storage | undefined): void {
  try {
    storage?.setItem(VISITED_SESSION_KEY, 'true');
  } catch {
    // Without session storage the intro simply shows again next time.
  }
}
