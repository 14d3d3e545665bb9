import * as runtimeCore from '@module-federation/runtime-core';
import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';

/** Hands the host's own federation runtime to remotes built with `experiments.externalRuntime`. */
// Why: docs/decisions/federation-runtime.md#external-runtime
export default function provideFederationRuntime(): ModuleFederationRuntimePlugin {
  return {
    name: 'maison-provide-federation-runtime',
    beforeInit(args) {
      (globalThis as { _FEDERATION_RUNTIME_CORE?: unknown })._FEDERATION_RUNTIME_CORE ??= runtimeCore;
      return args;
    },
  };
}
