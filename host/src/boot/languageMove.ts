import { addressForChoice, storedLanguage } from '@maison/shared/address';

/** On <html> while the page moves to another address: appShell.css keeps it unpainted. */
export const MOVING_ATTRIBUTE = 'data-moving';

/** Moves, unpainted, to the page's address in the stored language; says whether it moves. */
export function moveToChosenLanguage(win: Pick<Window, 'location' | 'localStorage' | 'document'> = window): boolean {
  const address = addressForChoice(
    win.location,
    storedLanguage(() => win.localStorage),
  );
  if (!address) return false;
  win.document.documentElement.setAttribute(MOVING_ATTRIBUTE, '');
  win.location.replace(address);
  return true;
}
