import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import type { RemoteModuleId } from '@maison/shared';
import type { RemoteLocations } from './remoteConfig';
import type { RemoteModuleLoader } from './remoteModuleStore';
import { isRemoteUnavailable } from './remoteUnavailable';
import { RemoteLoadError } from './remoteLoadError';

/**
 * Loads remote modules through the federation runtime, from the locations in remotes.json.
 * Loads asked for before the locations arrive wait for them, so the first paint never does.
 */
export function createFederatedLoader(locations: Promise<RemoteLocations>): RemoteModuleLoader {
  let registered: RemoteLocations | undefined;
  const ready = locations.then((resolved) => {
    registered = resolved;
    registerRemotes(Object.entries(resolved).map(([name, entry]) => ({ name, entry })));
  });

  return {
    async load(id: RemoteModuleId) {
      await ready;
      let result: unknown;
      try {
        result = await loadRemote(id);
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
    },
    forget(remote) {
      // Forces the runtime to drop its cached manifest, entry and failed loads for this remote.
      if (registered) registerRemotes([{ name: remote, entry: registered[remote] }], { force: true });
    },
  };
}
