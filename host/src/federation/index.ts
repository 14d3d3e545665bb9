import type { RemoteModuleId, RemoteName } from '@maison/shared';
import { BUILD_INFO } from './buildInfo';
import { createFederationCore } from './core/loader';
import { withInlineData } from './loading/inlineData';
import { onNavigationIntent, whenIdleAfterLoad } from './loading/prefetchTriggers';
import { fetchRemotesJson, remoteOrigins } from '../contract/remotesJson';
import { createRemoteModuleStore } from './react/remoteModuleStore';
import { createFederationHook, type FederationStatus } from './status/federationHook';
import { startPageSignals } from './status/pageSignals';
import type { PageStatus } from './status/pageStatus';

declare global {
  interface Window {
    /** On-call: what is live in this page (docs/operations.md, "On call"). */
    __MAISON_FEDERATION__?: FederationStatus;
  }
}

/** The page's federation start-up; runs before the async boundary, so it uses no shared library. */
// Why: docs/decisions/federation-runtime.md#page-start-up
export function startFederation({
  modulesFor,
  prefetchWhenIdle,
}: {
  modulesFor: (pathname: string) => RemoteModuleId[];
  prefetchWhenIdle: readonly RemoteModuleId[];
}) {
  const inline = withInlineData(document, (...args) => fetch(...args));
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
  const hook = createFederationHook(core.records, () => withStatus((status) => status.print()));
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
    /** The origins remote code comes from: the only others that may serve images. */
    remoteOrigins: core.config.then(({ locations }) => remoteOrigins(locations, window.location.origin)),
    /** Settles when the remote modules of the page being opened have loaded or failed. */
    thisPage,
    loadedFrom: core.records.loadedFrom,
    /** A page shown (ShopAtAddress.tsx): a view in the page load's beacons. */
    pageShown: signals.view,
    /** The manifest this page's remotes.json names first for a remote, once read. */
    firstChoice: (remote: string) => core.config.then(({ locations }) => locations[remote as RemoteName]?.[0]),
  };
}
