import type { RemoteModuleId, RemoteName } from '@maison/shared';
import { BUILD_INFO } from './buildInfo';
import { createFederationCore } from './core/federationCore';
import { readInlineData, withInlineData } from './loading/inlineData';
import { onNavigationIntent, whenIdleAfterLoad } from './loading/prefetchTriggers';
import { fetchRemotesJson, remoteOrigins } from '../contract/remotesJson';
import { createRemoteModuleStore, type RemoteModuleStore } from './react/remoteModuleStore';
import { createFederationHook, type FederationStatus } from './status/federationHook';
import { startPageSignals } from './status/pageSignals';
import type { PageStatus } from './status/pageStatus';

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
  /** The manifest a remote's modules were loaded from (null while none has): the core's record of it. */
  loadedFrom: (remote: RemoteName) => string | null | undefined;
  /** A page shown, by its path: each move inside the shop (ShopAtAddress.tsx) is a view in the page load's beacons. */
  pageShown: (page: string) => void;
  /** The manifest this page's remotes.json names first for a remote, once read. */
  firstChoice: (remote: string) => Promise<string | undefined>;
}

/**
 * The page's federation, on the core the renderer uses too (core/federationCore.ts). Runs before
 * the async boundary, so it uses no shared library: it reads remotes.json (from the page's data
 * when it was rendered), puts the core's records on `window.__MAISON_FEDERATION__`, and starts
 * the modules of the page being opened (`modulesFor(pathname)`) at once; the other pages'
 * (`prefetchWhenIdle`) download when the browser is idle or a link is pointed at. The page
 * load's beacons are made and sent from the start (status/pageSignals.ts: pages shown, loads,
 * failures, uncaught errors); the status chunk (timings, tables, vitals) loads once the page is idle.
 */
export function startFederation({
  modulesFor,
  prefetchWhenIdle,
}: {
  modulesFor: (pathname: string) => RemoteModuleId[];
  prefetchWhenIdle: readonly RemoteModuleId[];
}): ShopFederation {
  // A rendered page brings remotes.json and its remotes' manifests as data (inlineData.ts).
  const inline = withInlineData(readInlineData(document), (...args) => fetch(...args));
  const config = fetchRemotesJson(
    { names: BUILD_INFO.remoteNames, defaults: BUILD_INFO.remoteDefaults, base: window.location.href },
    inline,
  );
  const core = createFederationCore({ config, fetch: inline });
  const signals = startPageSignals(core.records, BUILD_INFO.version);
  signals.view(window.location.pathname);

  let pageStatus: Promise<PageStatus> | undefined;
  const withStatus = (use: (status: PageStatus) => void) => {
    pageStatus ??= import(/* webpackChunkName: "federation-status" */ './status/pageStatus').then(({ startPageStatus }) =>
      startPageStatus(hook, signals),
    );
    pageStatus.then(use, (error: unknown) => {
      // Not the shopper's concern; the next call (print(), say) asks for the chunk again.
      pageStatus = undefined;
      console.warn('[federation] the status chunk did not load', error);
    });
  };
  const hook = createFederationHook(core.records, { buildVersion: BUILD_INFO.version, sharedContract: BUILD_INFO.sharedContract }, () =>
    withStatus((status) => status.print()),
  );
  window.__MAISON_FEDERATION__ = hook.status;

  const modules = createRemoteModuleStore(core.loader);
  const startPath = (pathname: string) => Promise.all(modulesFor(pathname).map((id) => modules.load(id)));
  const thisPage = startPath(window.location.pathname);
  void thisPage.then(() =>
    whenIdleAfterLoad(() => {
      hook.status.idlePrefetchAt = Math.round(performance.now());
      for (const id of prefetchWhenIdle) void modules.prefetch(id);
      withStatus((status) => status.watchVitals());
    }),
  );
  onNavigationIntent((pathname) => void startPath(pathname));

  return {
    modules,
    remoteOrigins: core.config.then(({ locations }) => remoteOrigins(locations, window.location.origin)),
    thisPage,
    loadedFrom: core.records.loadedFrom,
    pageShown: signals.view,
    firstChoice: (remote) => core.config.then(({ locations }) => locations[remote as RemoteName]?.[0]),
  };
}
