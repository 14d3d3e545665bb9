import { loadRemote, registerPlugins, registerRemotes } from '@module-federation/enhanced/runtime';
import { BUILD_INFO } from '../buildInfo';
import { createManifestReader, type ManifestReader } from '../loading/manifests';
import type { RemotesJson } from '../../contract/remotesJson';
import { createRetryUrls } from '../loading/retryUrls';
import { shopRuntimePlugin } from '../runtime/shopRuntimePlugin';
import { createFederatedLoader, type FederationRuntime } from './loader';
import { createRemoteRecords } from './remoteRecords';

interface FederationCoreOptions {
  /** remotes.json, or the promise of it: loads wait for it. */
  config: RemotesJson | Promise<RemotesJson>;
  /** How manifests are fetched (the page answers from its inline data). */
  fetch: typeof fetch;
  /** The renderer's only: how remote entries and chunks are fetched, and its server runtime. */
  scripts?: typeof fetch;
  runtime?: (manifests: ManifestReader) => FederationRuntime;
}

/** The one place the federation runtime is set up, for the page and the renderer alike. */
export function createFederationCore({ config, fetch, scripts, runtime }: FederationCoreOptions) {
  const records = createRemoteRecords(BUILD_INFO.remoteNames);
  const retryUrls = createRetryUrls();
  // Each manifest is checked as the manifest of the remote whose entry it is.
  let locations: RemotesJson['locations'] = {};
  const remoteOf = (url: string) => Object.entries(locations).find(([, urls]) => urls?.includes(url))?.[0];
  // After a Retry, manifests are fetched under fresh URLs too (retryUrls.ts).
  const manifests = createManifestReader(BUILD_INFO.sharedContract, (url, init) => fetch(retryUrls.urlFor(String(url)), init), remoteOf);
  registerPlugins([shopRuntimePlugin({ manifests, retryUrls, scripts })]);
  const configured = Promise.resolve(config).then((read) => {
    locations = read.locations;
    records.emit({ type: 'configured', ...read });
    return read;
  });
  const loader = createFederatedLoader({
    config: configured,
    runtime: runtime?.(manifests) ?? { loadRemote, registerRemotes },
    manifests,
    records,
    retryUrls,
  });
  return { config: configured, records, loader, manifests };
}
