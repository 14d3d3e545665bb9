import { RENDERED_ATTRIBUTE } from '../renderStamp';
import { whenParsed } from './whenParsed';

/** Scripts that never finish arriving: after this the buttons stop saying they are not ready. */
export const RELEASE_BUTTONS_AFTER_MS = 10_000;

/**
 * Until the page is alive its buttons say so (aria-disabled: read out, and waited for by
 * automation, as any control not ready yet), without being disabled: a tap on one is still kept,
 * Tab still moves through them. Returns what releases them (once the page is alive, or should
 * main.js fail to load); they are released after 10 s anyway (a tap is still kept then).
 */
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
