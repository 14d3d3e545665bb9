import { addressForChoice, storedLanguage } from '@maison/shared/address';

/** On <html> while the page moves to another address: appShell.css keeps it unpainted. */
export const MOVING_ATTRIBUTE = 'data-moving';

/**
 * The shopper's stored choice of language wins over the address's: the page moves to the same
 * page's address in the chosen language before anything of it is painted. Says whether it moves.
 */
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
