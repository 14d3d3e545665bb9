import { loadRemote, registerPlugins, registerRemotes } from '@module-federation/enhanced/runtime';
import type { RemoteName } from '@maison/shared';
import { BUILD_INFO } from '../buildInfo';
import { remoteOf, type LoadableModuleId } from '../moduleIds';
import type { RemoteModuleLoader } from '../react/remoteModuleStore';
import { errorMessage } from '../../errorMessage';
import { isMissingFile, LoadFailure } from '../loading/loadFailure';
import { createManifestReader, type ManifestReader } from '../loading/manifests';
import { exposeAssetUrls, prefetchFiles } from '../loading/prefetch';
import type { RemotesJson } from '../../contract/remotesJson';
import { createRetryUrls } from '../loading/retryUrls';
import { shopRuntimePlugin } from '../runtime/shopRuntimePlugin';
import { createRemoteRecords } from './remoteRecords';

/** The two calls of the federation runtime the loader needs (the browser's, or the renderer's server runtime). */
export interface FederationRuntime {
  registerRemotes(remotes: Array<{ name: string; entry: string }>, options?: { force?: boolean }): void;
  loadRemote(id: string): Promise<unknown>;
}

interface FederationCoreOptions {
  /** remotes.json, or the promise of it: loads wait for it. */
  config: RemotesJson | Promise<RemotesJson>;
  /** How manifests are fetched (the page answers from its inline data). */
  fetch: typeof fetch;
  /** The renderer's only: its server runtime. */
  runtime?: (manifests: ManifestReader) => FederationRuntime;
}

/** The one place the federation runtime is set up, for the page and the renderer alike. Its loader tries each remote's entries in order and keeps the first that works. */
// Why: docs/decisions/federation-runtime.md#entry-fallback
export function createFederationCore({ config: given, fetch, runtime: serverRuntime }: FederationCoreOptions) {
  const records = createRemoteRecords(BUILD_INFO.remoteNames);
  const retryUrls = createRetryUrls();
  // Each manifest is checked as the manifest of the remote whose entry it is.
  let locations: RemotesJson['locations'] = {};
  const remoteAt = (url: string) => Object.entries(locations).find(([, urls]) => urls?.includes(url))?.[0];
  // After a Retry, manifests are fetched under fresh URLs too (retryUrls.ts).
  const manifests = createManifestReader(BUILD_INFO.sharedContract, (url, init) => fetch(retryUrls.urlFor(String(url)), init), remoteAt);
  registerPlugins([shopRuntimePlugin(manifests, retryUrls)]);
  const runtime: FederationRuntime = serverRuntime?.(manifests) ?? { loadRemote, registerRemotes };
  const config = Promise.resolve(given).then((read) => {
    locations = read.locations;
    records.emit({ type: 'configured', ...read });
    return read;
  });
  const core: Core = { records, manifests, config, containers: createContainers(runtime, manifests, retryUrls) };
  return { config, records, loader: createLoader(core), manifests };
}

/** What the loader works with: the remotes' records, their manifests, remotes.json once read, and the runtime's containers. */
interface Core {
  records: ReturnType<typeof createRemoteRecords>;
  manifests: ManifestReader;
  config: Promise<RemotesJson>;
  containers: Containers;
}

type Containers = ReturnType<typeof createContainers>;

/** The runtime's container of each remote: registered from one entry, loaded from it, or started afresh. */
function createContainers(runtime: FederationRuntime, manifests: ManifestReader, retryUrls: ReturnType<typeof createRetryUrls>) {
  const registered = new Map<RemoteName, string>();

  const register = (remote: RemoteName, entry: string, force = false) => {
    if (!force && registered.get(remote) === entry) return;
    runtime.registerRemotes([{ name: remote, entry }], { force: force || registered.has(remote) });
    registered.set(remote, entry);
  };

  return {
    /** The next load from these entries goes back to the network, under fresh URLs, into a fresh container. */
    startAfresh(remote: RemoteName, entries: readonly string[]) {
      manifests.forget(entries);
      retryUrls.retried(entries);
      const entry = registered.get(remote);
      if (entry !== undefined) register(remote, entry, true);
    },

    /** The module from the remote's container registered from `entry`; a failure as a LoadFailure with its plain reason. */
    async loadFrom(id: LoadableModuleId, entry: string): Promise<unknown> {
      register(remoteOf(id), entry);
      try {
        const module = await runtime.loadRemote(id);
        const exported = (module as { default?: unknown } | undefined)?.default;
        // A deploy that no longer exports a component breaks the contract: treat it as unavailable.
        if (typeof exported !== 'function' && (typeof exported !== 'object' || exported === null))
          throw new LoadFailure('no-export', `${id} has no default export to render`, entry);
        return module;
      } catch (error) {
        if (error instanceof LoadFailure) throw error;
        // The manifest reader knows the plain reason (404, refused); the runtime wraps it in its own text.
        throw manifests.failure(entry) ?? new LoadFailure('load-failed', errorMessage(error), entry, error);
      }
    },
  };
}

/** The loader the remote module store uses: one load per remote at a time, a prefetch, a fresh start after Retry. */
function createLoader(core: Core) {
  const { records, manifests, config, containers } = core;
  // One load per remote at a time: switching to a fallback re-registers the remote.
  const queues = new Map<RemoteName, Promise<unknown>>();
  return {
    load(id: LoadableModuleId) {
      const remote = remoteOf(id);
      // Each load waits only for the one before it to settle, whether it failed or not.
      const next = (queues.get(remote) ?? Promise.resolve()).catch(() => undefined).then(() => loadFromEntries(core, id));
      queues.set(remote, next);
      return next;
    },
    async prefetch(id: LoadableModuleId) {
      const remote = remoteOf(id);
      const entry = (await config).locations[remote]?.[records.remotes[remote]?.entry ?? 0];
      if (!entry) return;
      prefetchFiles(exposeAssetUrls(entry, await manifests.json(entry), id));
    },
    forget(remote: RemoteName) {
      // Retry starts again from the first choice, with nothing cached from earlier attempts.
      records.emit({ type: 'forgotten', remote });
      void config.then(({ locations }) => containers.startAfresh(remote, locations[remote] ?? []));
    },
  } satisfies RemoteModuleLoader;
}

/** One load of a module: each of its remote's entries in turn from the one in use, the first that loads kept; else every failure, in one. */
async function loadFromEntries(core: Core, id: LoadableModuleId): Promise<unknown> {
  const { records, config } = core;
  const remote = remoteOf(id);
  const entries = (await config).locations[remote] ?? [];
  if (entries.length === 0) {
    const failure = new LoadFailure('not-configured', `remotes.json has no manifest URL for "${remote}"`);
    records.emit({ type: 'failed', remote, module: id, failure });
    throw failure;
  }
  const load: EntriesLoad = { core, id, remote, running: records.loadedFrom(remote), renewed: false, failures: [] };
  for (let index = records.remotes[remote]?.entry ?? 0; index < entries.length; index += 1) {
    const entry = entries[index]!;
    try {
      return await loadEntryRenewingOnce(load, entry, index);
    } catch (error) {
      console.error(`[federation] ${remote}: ${entry} could not be loaded: ${(error as LoadFailure).message}`);
    }
  }
  const last = load.failures[load.failures.length - 1]!;
  throw new LoadFailure(last.reason, failedText(load.failures), last.url);
}

/** One load from a remote's entries under way: the build it ran before, whether that one was renewed yet, the failures so far. */
interface EntriesLoad {
  core: Core;
  id: LoadableModuleId;
  remote: RemoteName;
  running: string | null;
  renewed: boolean;
  failures: LoadFailure[];
}

const failedText = (failures: readonly LoadFailure[]) => failures.map((failure) => `${failure.url} failed: ${failure.message}`).join('; ');

/** The module from one entry; once per load, when the build it ran is gone from there, it is loaded again from the build there now. */
async function loadEntryRenewingOnce(load: EntriesLoad, entry: string, index: number): Promise<unknown> {
  try {
    return await loadEntry(load, entry, index);
  } catch (error) {
    const failure = error as LoadFailure;
    if (entry !== load.running || load.renewed || !isMissingFile(failure.cause)) throw failure;
    // A new build took the old one's place at this URL (its files deleted): load the one there now.
    console.warn(`[federation] ${load.remote}: a file of the build at ${entry} is gone (${failure.message}); loading the build there now`);
    load.renewed = true;
    load.core.containers.startAfresh(load.remote, [entry]);
    return loadEntry(load, entry, index);
  }
}

/** One attempt at one entry, told to the records (loading, then loaded or failed); a failure is kept with the load's others and thrown. */
async function loadEntry(load: EntriesLoad, entry: string, index: number): Promise<unknown> {
  const { core, id, remote, failures } = load;
  const { records, manifests, containers } = core;
  const attempt = { remote, module: id, url: entry };
  const startedAt = performance.now();
  records.emit({ type: 'loading', ...attempt });
  try {
    const module = await containers.loadFrom(id, entry);
    const manifest = await manifests.json(entry).catch(() => undefined);
    const files = manifest ? exposeAssetUrls(entry, manifest, id) : [];
    const buildVersion = manifest && (manifest.metaData.buildInfo?.buildVersion ?? 'unknown');
    records.emit({ type: 'loaded', ...attempt, entry: index, buildVersion, startedAt, at: performance.now(), files });
    if (index > 0)
      console.warn(`[federation] ${remote}: using ${entry} (entry ${index + 1} in remotes.json) because ${failedText(failures)}`);
    return module;
  } catch (error) {
    const failure = error as LoadFailure;
    failures.push(failure);
    records.emit({ type: 'failed', remote, module: id, failure });
    throw failure;
  }
}
