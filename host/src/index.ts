// In the host's one stylesheet (styles.css), linked from the page's head: the tokens and the first paint's shell need no script.
import '@maison/shared/styles/tokens.css';
import './shell/appShell.css';
// The address module is an entry point of its own, not the shared library: it runs before the boundary.
import { addressForChoice, languageOfPath, storedLanguage } from '@maison/shared/address';
import { startFederation } from './federation';
import { PREFETCH_WHEN_IDLE, remoteModulesFor } from './routes';
import { followRollout } from './rollout/followRollout';

// A page the server sent as the shell (the shopper's own pages, a view set by a query) moves to
// the shopper's chosen language here; a rendered page has already moved, in its boot script (boot/).
const movingTo = addressForChoice(
  window.location,
  storedLanguage(() => window.localStorage),
);
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
  // A gradual rollout's cohort (rollout/followRollout.ts), asked once this page's own code is in.
  const rollout = followRollout({ firstChoice: federation.firstChoice, startAfter: federation.thisPage });
  const pageShown = (page: string) => {
    federation.pageShown(page);
    rollout.pageShown();
  };
  void import(/* webpackChunkName: "bootstrap" */ './bootstrap').then(({ startShop }) => startShop(modules, { ...federation, pageShown }));
}
