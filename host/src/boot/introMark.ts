import { INTRO_ATTRIBUTE, INTRO_PENDING } from '../shell/introGate';
import { VISITED_SESSION_KEY } from '../shell/introTiming';

/**
 * The intro's rule: on a session's first visit the page is covered until the intro has played
 * (html[data-intro=pending], appShell.css, shell/introGate.ts); later loads show it at once.
 */
export function markIntroPending(): void {
  try {
    if (sessionStorage.getItem(VISITED_SESSION_KEY) == null) document.documentElement.setAttribute(INTRO_ATTRIBUTE, INTRO_PENDING);
  } catch {
    // No session storage: no intro (nothing could remember it was seen: it would cover every page).
  }
}
