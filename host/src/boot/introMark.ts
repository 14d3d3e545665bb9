import { INTRO_ATTRIBUTE, INTRO_PENDING } from '../shell/introGate';
import { VISITED_SESSION_KEY } from '../shell/introTiming';

/** A session's first visit is covered until the intro has played (shell/introGate.ts). */
export function markIntroPending(): void {
  try {
    if (sessionStorage.getItem(VISITED_SESSION_KEY) == null) document.documentElement.setAttribute(INTRO_ATTRIBUTE, INTRO_PENDING);
  } catch {
    // No session storage: no intro, else it would cover every page.
  }
}
