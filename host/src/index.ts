// In main.css, linked from the page's head: the tokens and the first paint's shell need no script.
import '@maison/shared/styles/tokens.css';
import './shell/appShell.css';
import { startFederation } from './federation';
import { PREFETCH_WHEN_IDLE, remoteModulesFor } from './routes';

// Before the async boundary only code without shared libraries runs. It starts this page's
// remote code (remotes.json, manifest, entry, page chunk) alongside the host's own code; the
// shell never waits for it.
const { modules, ...federation } = startFederation({ modulesFor: remoteModulesFor, prefetchWhenIdle: PREFETCH_WHEN_IDLE });

void import(/* webpackChunkName: "bootstrap" */ './bootstrap').then(({ startShop }) => startShop(modules, federation));
