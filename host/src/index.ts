import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
// In main.css, linked from the page's head: the tokens and the first paint's shell need no script.
import '@maison/shared/styles/tokens.css';
import './shell/appShell.css';
import { BUILD_INFO } from './federation/buildInfo';
import { federationStatus, manifestReader, retryUrls } from './federation/federationContext';
import { createFederatedLoader } from './federation/federatedLoader';
import { fetchRemoteConfig, remoteOrigins } from './federation/remoteConfig';
import { createRemoteModuleStore } from './federation/remoteModuleStore';
import { onNavigationIntent, whenIdleAfterLoad } from './federation/prefetch';
import { PREFETCH_WHEN_IDLE, startRouteModules } from './routeTable';

// Before the async boundary only code without shared libraries runs. It starts this page's
// remote code (remotes.json, manifest, entry, page chunk) alongside the host's own code; the
// shell never waits for it.
const config = fetchRemoteConfig({ names: BUILD_INFO.remoteNames, defaults: BUILD_INFO.remoteDefaults, base: window.location.href }).then(
  (loaded) => {
    federationStatus.configured(loaded.problems, loaded.locations, BUILD_INFO.remoteNames);
    return loaded;
  },
);
const modules = createRemoteModuleStore(
  createFederatedLoader({
    config,
    runtime: { loadRemote, registerRemotes },
    manifests: manifestReader,
    status: federationStatus,
    retryUrls,
  }),
);
const thisPage = startRouteModules(modules, window.location.pathname);
// Other teams' pages are one click away: once this page's own modules are in and the browser
// is idle, their files download; a link the shopper points at or focuses starts its page outright.
void thisPage.then(() =>
  whenIdleAfterLoad(() => {
    federationStatus.idlePrefetchStarted();
    for (const id of PREFETCH_WHEN_IDLE) void modules.prefetch(id);
  }),
);
onNavigationIntent((pathname) => void startRouteModules(modules, pathname));

void import(/* webpackChunkName: "bootstrap" */ './bootstrap').then(({ startShop }) =>
  startShop(
    modules,
    config.then(({ locations }) => remoteOrigins(locations)),
  ),
);
