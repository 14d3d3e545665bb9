import { RENDERED_ATTRIBUTE } from '../renderStamp';
import { whenParsed } from './whenParsed';

/** Scripts that never finish arriving: after this the buttons stop saying they are not ready. */
export const RELEASE_BUTTONS_AFTER_MS = 10_000;

/** Marks the buttons aria-disabled (not disabled: taps are kept) until the page is alive; returns the release. */
export function markButtonsNotReady(): () => void {
  let marked: Element[] = [];
  const release = () => {
    for (const button of marked) button.removeAttribute('aria-disabled');
    marked = [];
  };
  whenParsed(() => {
    const root = document.getElementById('root');
    if (!root?.hasAttribute(RENDERED_ATTRIBUTE)) return;
    for (const button of root.querySelectorAll('button:not([aria-disabled])')) {
      button.setAttribute('aria-disabled', 'true');
      marked.push(button);
    }
  });
  setTimeout(release, RELEASE_BUTTONS_AFTER_MS);
  return release;
}
