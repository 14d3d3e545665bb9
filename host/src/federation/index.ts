import { loadRemote, registerPlugins, registerRemotes } from '@module-federation/enhanced/runtime';
import type { RemoteModuleId, RemoteName } from '@maison/shared';
import { BUILD_INFO } from './buildInfo';
import { createFederationEvents } from './loading/events';
import { createFederatedLoader } from './loading/loader';
import { readInlineData, withInlineData } from './loading/inlineData';
import { createManifestReader } from './loading/manifests';
import { onNavigationIntent, whenIdleAfterLoad } from './loading/prefetchTriggers';
import { fetchRemotesJson, remoteOrigins } from './loading/remotesJson';
import { createRetryUrls } from './loading/retryUrls';
import { createReporter, flushWhenHidden } from './status/report';
import { recordFederationStatus, type FederationStatus, type StatusRecorder } from './status/status';
import { observeVitals } from './status/vitals';
import { createRemoteModuleStore, type RemoteModuleStore } from './react/remoteModuleStore';
import { shopRuntimePlugin } from './runtime/shopRuntimePlugin';

declare global {
  interface Window {
    /** On-call: what is live in this page (docs/operations.md, "On call"). */
    __MAISON_FEDERATION__?: FederationStatus;
  }
}

export interface ShopFederation {
  modules: RemoteModuleStore;
  /** The origins remote code comes from, once remotes.json is read: the only others that may serve images. */
  remoteOrigins: Promise<string[]>;
  /** Settles when the remote modules of the page being opened have loaded or failed. */
  thisPage: Promise<unknown>;
  /** The manifest a remote's modules were loaded from (null while none has). */
  loadedFrom: (remote: RemoteName) => string | null | undefined;
}

/**
 * Everything the page needs to show remote modules, put together in one place. Runs before the
 * async boundary, so it uses no shared library: it reads remotes.json, hands the federation
 * runtime the host's plugin, and records what happens for on-call. `modulesFor(pathname)`
 * names what the page being opened needs, so its code starts downloading at once; the other
 * pages (`prefetchWhenIdle`) download when the browser is idle or a link is pointed at.
 */
export function startFederation({
  modulesFor,
  prefetchWhenIdle,
}: {
  modulesFor: (pathname: string) => RemoteModuleId[];
  prefetchWhenIdle: readonly RemoteModuleId[];
}): ShopFederation {
  const events = createFederationEvents();
  const recorder = recordFederationStatus(
    events,
    { buildVersion: BUILD_INFO.version, sharedContract: BUILD_INFO.sharedContract },
    BUILD_INFO.remoteNames,
  );
  window.__MAISON_FEDERATION__ = recorder.status;
  const retryUrls = createRetryUrls();
  // A rendered page brings remotes.json and its remotes' manifests as data (inlineData.ts).
  const inline = withInlineData(readInlineData(document), (...args) => fetch(...args));
  // After a Retry the manifest is fetched under a fresh URL too (retryUrls.ts: WebKit's failed preloads).
  const manifests = createManifestReader(BUILD_INFO.sharedContract, (url, init) => inline(retryUrls.urlFor(String(url)), init));
  registerPlugins([shopRuntimePlugin({ manifests, retryUrls })]);

  const config = fetchRemotesJson(
    { names: BUILD_INFO.remoteNames, defaults: BUILD_INFO.remoteDefaults, base: window.location.href },
    inline,
  ).then((loaded) => {
    events.emit({ type: 'configured', ...loaded });
    if (loaded.reportUrl) reportTo(loaded.reportUrl, recorder);
    return loaded;
  });
  const modules = createRemoteModuleStore(
    createFederatedLoader({ config, runtime: { loadRemote, registerRemotes }, manifests, events, retryUrls }),
  );
  const startPath = (pathname: string) => Promise.all(modulesFor(pathname).map((id) => modules.load(id)));

  const thisPage = startPath(window.location.pathname);
  void thisPage.then(() =>
    whenIdleAfterLoad(() => {
      events.emit({ type: 'idle-prefetch' });
      for (const id of prefetchWhenIdle) void modules.prefetch(id);
      void observeVitals((vital) => recorder.vital({ ...vital, page: window.location.pathname }));
    }),
  );
  onNavigationIntent((pathname) => void startPath(pathname));

  return {
    modules,
    remoteOrigins: config.then(({ locations }) => remoteOrigins(locations, window.location.origin)),
    thisPage,
    loadedFrom: (remote) => (recorder.status.remotes[remote]?.state === 'loaded' ? recorder.status.remotes[remote].url : null),
  };
}

/** The environment asks for reports: every record of this page load goes to `url`, in beacons when the page is hidden. */
function reportTo(url: string, recorder: StatusRecorder): void {
  // randomUUID needs a secure context; an id only has to tell this page load from others.
  const pageLoad = `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;
  const reporter = createReporter(url, { pageLoad, hostBuild: BUILD_INFO.version });
  for (const record of recorder.status.records) reporter.add(record);
  for (const vital of Object.values(recorder.status.vitals)) reporter.add(vital);
  recorder.onRecord((record) => reporter.add(record));
  flushWhenHidden(reporter);
}
