import type { RemoteModuleId, RemoteName } from '@maison/shared';
import type { RemoteConfig } from './remoteConfig';
import type { RemoteModuleLoader } from './remoteModuleStore';
import type { ManifestReader } from './manifests';
import type { FederationStatusRecorder } from './federationStatus';
import type { RetryUrls } from './retryUrls';
import { remoteOf } from './moduleIds';
import { isRemoteUnavailable } from './remoteUnavailable';
import { RemoteLoadError } from './remoteLoadError';
import { exposeAssetUrls, prefetchFiles } from './prefetch';
import { errorMessage } from '../errorMessage';

/** The two calls of the federation runtime the loader needs (injected, so tests can fake them). */
export interface FederationRuntime {
  registerRemotes(remotes: Array<{ name: string; entry: string }>, options?: { force?: boolean }): void;
  loadRemote(id: string): Promise<unknown>;
}

interface LoaderDeps {
  /** remotes.json, once fetched and checked. Loads asked for earlier wait for it. */
  config: Promise<RemoteConfig>;
  runtime: FederationRuntime;
  manifests: ManifestReader;
  status: FederationStatusRecorder;
  retryUrls?: RetryUrls;
}

/**
 * Loads remote modules through the federation runtime. Each remote's entries in remotes.json
 * are tried in order: when one cannot be loaded (unreachable, 404, a script that throws, a
 * broken shared contract) the next one is registered and tried, and the one that works stays
 * in use for the rest of the page's life. Only when every entry fails is the module unavailable.
 */
export function createFederatedLoader({ config, runtime, manifests, status, retryUrls }: LoaderDeps): RemoteModuleLoader {
  const registered = new Map<RemoteName, string>();
  /** Index of the entry in use (or to try first) per remote. */
  const current = new Map<RemoteName, number>();
  // Loads of one remote run one after another: a switch to a fallback entry re-registers the
  // remote, which must not happen under another load's feet.
  const queues = new Map<RemoteName, Promise<unknown>>();

  const register = (remote: RemoteName, entry: string) => {
    if (registered.get(remote) === entry) return;
    runtime.registerRemotes([{ name: remote, entry }], { force: registered.has(remote) });
    registered.set(remote, entry);
  };

  const loadFrom = async (id: RemoteModuleId, entry: string) => {
    const remote = remoteOf(id);
    register(remote, entry);
    let result: unknown;
    try {
      result = await runtime.loadRemote(id);
    } catch (error) {
      throw new RemoteLoadError(id, error);
    }
    if (isRemoteUnavailable(result)) throw new RemoteLoadError(id, result.error);
    // A deploy that no longer exports a component breaks the contract: treat it as unavailable.
    const exported = (result as { default?: unknown } | undefined)?.default;
    if (typeof exported !== 'function' && (typeof exported !== 'object' || exported === null)) {
      throw new RemoteLoadError(id, new Error(`${id} has no default export to render`));
    }
    return result;
  };

  const load = async (id: RemoteModuleId) => {
    const remote = remoteOf(id);
    const entries = (await config).locations[remote] ?? [];
    if (entries.length === 0) {
      const error = new RemoteLoadError(id, new Error(`remotes.json has no manifest URL for "${remote}"`));
      status.failed(remote, null, error.cause);
      throw error;
    }
    const failures: string[] = [];
    for (let index = current.get(remote) ?? 0; index < entries.length; index += 1) {
      const entry = entries[index]!;
      status.loading(remote, entry);
      try {
        const module = await loadFrom(id, entry);
        current.set(remote, index);
        status.loaded(remote, entry, manifests.summary(entry)?.buildVersion, index > 0);
        if (index > 0)
          console.warn(`[federation] ${remote}: using ${entry} (entry ${index + 1} in remotes.json) because ${failures.join('; ')}`);
        return module;
      } catch (error) {
        // The manifest reader knows the plain reason (404, refused); the runtime wraps it in its own text.
        const reason = manifests.failure(entry) ?? errorMessage(error instanceof RemoteLoadError ? error.cause : error);
        failures.push(`${entry} failed: ${reason}`);
        status.failed(remote, entry, reason);
        console.error(`[federation] ${remote}: ${entry} could not be loaded: ${reason}`);
      }
    }
    throw new RemoteLoadError(id, new Error(failures.join('; ')));
  };

  return {
    load(id) {
      const remote = remoteOf(id);
      const next = (queues.get(remote) ?? Promise.resolve()).then(
        () => load(id),
        () => load(id),
      );
      queues.set(
        remote,
        next.catch(() => undefined),
      );
      return next;
    },
    async prefetch(id) {
      const remote = remoteOf(id);
      const entry = (await config).locations[remote]?.[current.get(remote) ?? 0];
      if (!entry) return;
      prefetchFiles(exposeAssetUrls(entry, await manifests.json(entry), id));
    },
    forget(remote) {
      // Retry starts again from the first choice, with nothing cached from earlier attempts.
      current.delete(remote);
      const entry = registered.get(remote);
      void config.then(({ locations }) => {
        manifests.forget(locations[remote] ?? []);
        retryUrls?.retried(locations[remote] ?? []);
      });
      if (entry) {
        registered.delete(remote);
        runtime.registerRemotes([{ name: remote, entry }], { force: true });
        registered.set(remote, entry);
      }
    },
  };
}
