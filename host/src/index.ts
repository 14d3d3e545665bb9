// In the host's one stylesheet (styles.css), linked from the page's head: the tokens and the first paint's shell need no script.
import '@maison/shared/styles/tokens.css';
import './shell/appShell.css';
// The language path rule is a file of its own, not the shared library: it runs before the boundary.
import { addressForChoice, LANGUAGE_STORAGE_KEY, languageOfPath } from '@maison/shared/language-path';
import { startFederation } from './federation';
import { PREFETCH_WHEN_IDLE, remoteModulesFor } from './routes';

function storedChoice(): string | null {
  try {
    return window.localStorage.getItem(LANGUAGE_STORAGE_KEY);
  } catch {
    return null;
  }
}

// A page the server sent as the shell (the shopper's own pages, a view set by a query) moves to
// the shopper's chosen language here; a rendered page has already moved, in start.js.
const movingTo = addressForChoice(window.location, storedChoice());
if (movingTo) {
  window.location.replace(movingTo);
} else {
  // Before the async boundary only code without shared libraries runs. It starts this page's
  // remote code (remotes.json, manifest, entry, page chunk) alongside the host's own code; the
  // shell never waits for it.
  const { modules, ...federation } = startFederation({
    modulesFor: (address) => remoteModulesFor(languageOfPath(address).path),
    prefetchWhenIdle: PREFETCH_WHEN_IDLE,
  });
  void import(/* webpackChunkName: "bootstrap" */ './bootstrap').then(({ startShop }) => startShop(modules, federation));
}
