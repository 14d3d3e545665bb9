import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
import { remoteUnavailable } from './remoteUnavailable';

/**
 * Turns any failure to load a remote module (manifest, entry or chunk: server down, network
 * error, bad deploy) into a marked "unavailable" result instead of an exception, so the
 * host shows a Retry panel in that remote's area and everything else keeps working.
 * Every such failure reaches the 'onLoad' lifecycle; the others return undefined so the
 * runtime rethrows into it.
 */
export default function offlineRemotePlugin(): ModuleFederationRuntimePlugin {
  return {
    name: 'maison-offline-remote',
    errorLoadRemote({ id, error, lifecycle }) {
      if (lifecycle !== 'onLoad') return undefined;
      console.error(`[federation] remote module "${id}" is unavailable:`, error);
      return remoteUnavailable(id, error);
    },
  };
}
