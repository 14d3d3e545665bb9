import type { RemoteModuleId, RemoteName } from '@maison/shared';
import { remoteOf } from '../moduleIds';

/** A module id's state; components read it per id, so an area never renders another route's module. */
// Why: docs/decisions/federation-runtime.md#module-store
export type RemoteModuleState =
  | { status: 'idle' }
  | { status: 'loading'; settled: Promise<RemoteModuleState> }
  | { status: 'ready'; module: unknown }
  | { status: 'unavailable'; error: unknown };

/** How modules arrive: federation in the shop, plain `import()` in the single-bundle benchmark build. */
export interface RemoteModuleLoader {
  load(id: RemoteModuleId): Promise<unknown>;
  /** Forgets what was cached about a remote, so the next load goes back to the network. */
  forget?(remote: RemoteName): void;
  /** Downloads a module's files ahead of need without running them; never fails loudly. */
  prefetch?(id: RemoteModuleId): Promise<void>;
}

const IDLE: RemoteModuleState = { status: 'idle' };

export type RemoteModuleStore = ReturnType<typeof createRemoteModuleStore>;

export function createRemoteModuleStore(loader: RemoteModuleLoader) {
  const states = new Map<RemoteModuleId, RemoteModuleState>();
  const listeners = new Set<() => void>();

  const set = (id: RemoteModuleId, state: RemoteModuleState) => {
    states.set(id, state);
    for (const listener of [...listeners]) listener();
  };

  return {
    get: (id: RemoteModuleId) => states.get(id) ?? IDLE,
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    /** Starts loading (once; concurrent calls share it) and resolves with the settled state. */
    load(id: RemoteModuleId): Promise<RemoteModuleState> {
      const current = states.get(id);
      if (current?.status === 'ready') return Promise.resolve(current);
      if (current?.status === 'loading') return current.settled;
      const settle = (state: RemoteModuleState) => {
        // A retry while this load was under way dropped its state: its result is stale.
        if (states.get(id) === loading) set(id, state);
        return states.get(id) ?? IDLE;
      };
      const loading: RemoteModuleState = {
        status: 'loading',
        settled: loader.load(id).then(
          (module) => settle({ status: 'ready', module }),
          (error: unknown) => settle({ status: 'unavailable', error }),
        ),
      };
      set(id, loading);
      return loading.settled;
    },
    /** Warms the cache for a module nobody shows yet (idle time); no-op once it is loading or loaded. */
    async prefetch(id: RemoteModuleId) {
      if ((states.get(id) ?? IDLE).status !== 'idle') return;
      await loader.prefetch?.(id).catch(() => undefined);
    },
    /** Retry: forgets the remote's modules, failed or not; areas that show them load again. */
    retry(remote: RemoteName) {
      loader.forget?.(remote);
      for (const id of [...states.keys()]) if (remoteOf(id) === remote) states.delete(id);
      for (const listener of [...listeners]) listener();
    },
  };
}
