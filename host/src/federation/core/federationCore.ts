import { loadRemote, registerPlugins, registerRemotes } from '@module-federation/enhanced/runtime';
import { BUILD_INFO } from '../buildInfo';
import { createManifestReader, type ManifestReader } from '../loading/manifests';
import type { RemotesJson } from '../../contract/remotesJson';
import { createRetryUrls } from '../loading/retryUrls';
import { carriedStylesPlugin } from '../runtime/carriedStylesPlugin';
import { shopRuntimePlugin } from '../runtime/shopRuntimePlugin';
import { createFederatedLoader, type FederatedLoader, type FederationRuntime } from './loader';
import { createRemoteRecords, type RemoteRecords } from './remoteRecords';

export interface FederationCoreOptions {
  /** remotes.json, read (the renderer) or being read (the page): loads wait for it. */
  config: RemotesJson | Promise<RemotesJson>;
  /** How manifests are fetched (the page's answers remotes.json and its manifests from the data it carries). */
  fetch: typeof fetch;
  /** In Node (the renderer), how remote entries and chunks are fetched too; the browser loads them as scripts. */
  scripts?: typeof fetch;
  /** The runtime's two calls, when not the browser's (the renderer's server runtime, which reads manifests). */
  runtime?: (manifests: ManifestReader) => FederationRuntime;
}

export interface FederationCore {
  config: Promise<RemotesJson>;
  /** One record per remote: the module store, the hydrate decision, the status and the renderer read it. */
  records: RemoteRecords;
  loader: FederatedLoader;
  manifests: ManifestReader;
}

/**
 * The one place the federation runtime is set up, for the page and the renderer alike: the
 * host's runtime plugin with the manifest reader and the retry URLs, the loader, and the record
 * of each remote (which entries, which one in use, which build, what failed). Whoever needs to
 * know which build a remote came from reads `records`; nothing else keeps it.
 */
export function createFederationCore({ config, fetch, scripts, runtime }: FederationCoreOptions): FederationCore {
  const records = createRemoteRecords(BUILD_INFO.remoteNames);
  const retryUrls = createRetryUrls();
  // Manifests are read once remotes.json is: each is checked as the manifest of the remote whose entry it is.
  let locations: RemotesJson['locations'] = {};
  const remoteOf = (url: string) => Object.entries(locations).find(([, urls]) => urls?.includes(url))?.[0];
  // After a Retry (or a build replaced under the page) a manifest is fetched under a fresh URL too (retryUrls.ts).
  const manifests = createManifestReader(BUILD_INFO.sharedContract, (url, init) => fetch(retryUrls.urlFor(String(url)), init), remoteOf);
  registerPlugins([shopRuntimePlugin({ manifests, retryUrls, scripts }), carriedStylesPlugin()]);
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
