import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import type { RemoteName } from '@maison/shared';
import type { RemoteLocations } from './remoteConfig';
import { isRemoteUnavailable } from './remoteUnavailable';

let registered: RemoteLocations | undefined;
const loadedModules = new Map<string, unknown>();

export function registerShopRemotes(locations: RemoteLocations): void {
  registered = locations;
  registerRemotes(Object.entries(locations).map(([name, entry]) => ({ name, entry })));
}

export function getLoadedRemoteModule<T>(id: string): T | undefined {
  return loadedModules.get(id) as T | undefined;
}

/** Resolves with the module, or rejects with RemoteLoadError when the remote cannot be reached. */
export async function loadRemoteModule<T>(remote: RemoteName, expose: string): Promise<T> {
  const id = `${remote}/${expose}`;
  const cached = loadedModules.get(id);
  if (cached) return cached as T;
  let result: unknown;
  try {
    result = await loadRemote<T>(id);
  } catch (error) {
    throw new RemoteLoadError(id, error);
  }
  if (!result || isRemoteUnavailable(result)) throw new RemoteLoadError(id, isRemoteUnavailable(result) ? result.error : 'empty module');
  loadedModules.set(id, result);
  return result as T;
}

/**
 * Forgets everything the runtime cached about a remote (manifest, entry script, failed
 * loads) so the next load really goes back to the network: Retry without a page reload.
 */
export function resetRemote(remote: RemoteName): void {
  for (const id of [...loadedModules.keys()]) if (id.startsWith(`${remote}/`)) loadedModules.delete(id);
  if (registered) registerRemotes([{ name: remote, entry: registered[remote] }], { force: true });
}

export class RemoteLoadError extends Error {
  constructor(
    readonly moduleId: string,
    override readonly cause: unknown,
  ) {
    super(`Remote module "${moduleId}" could not be loaded`);
    this.name = 'RemoteLoadError';
  }
}

/** A remote's lazy chunk that failed after its entry loaded also means "unavailable", not "crashed". */
export function isLoadFailure(error: unknown): boolean {
  if (error instanceof RemoteLoadError) return true;
  if (!(error instanceof Error)) return false;
  return error.name === 'ChunkLoadError' || /loading (css )?chunk|failed to fetch dynamically imported/i.test(error.message);
}
