import * as runtimeCore from '@module-federation/runtime-core';
import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';

/**
 * The page's one federation runtime. Production remotes are built with
 * `experiments.externalRuntime` and read the runtime from this global instead of carrying
 * their own copy (about 11 KiB gzip less per remote entry). Unlike the stock
 * inject-external-runtime-core plugin, this hands over the very module the host runs, not
 * a second copy of it.
 */
export default function provideFederationRuntime(): ModuleFederationRuntimePlugin {
  return {
    name: 'maison-provide-federation-runtime',
    beforeInit(args) {
      (globalThis as { _FEDERATION_RUNTIME_CORE?: unknown })._FEDERATION_RUNTIME_CORE ??= runtimeCore;
      return args;
    },
  };
}
