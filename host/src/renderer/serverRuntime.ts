import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import { SERVER_PUBLIC_PATHS_GLOBAL as PUBLIC_PATHS } from '../contract/hostBuild';
import type { FederationRuntime } from '../federation/core/loader';
import type { ManifestReader } from '../federation/loading/manifests';

/** The realm's fetch as it was before a renderer took it over: the network. */
export const networkFetch: typeof fetch = globalThis.fetch;

/** The renderer's federation runtime; it replaces the realm's fetch with `remoteFiles`. */
// Why: docs/decisions/build-and-render.md#server-runtime
export function createServerRuntime(manifests: ManifestReader, remoteFiles: typeof fetch): FederationRuntime {
  globalThis.fetch = remoteFiles;
  const entries = new Map<string, string>();
  const publicPaths = ((globalThis as unknown as Record<string, Record<string, string> | undefined>)[PUBLIC_PATHS] ??= {});
  return {
    registerRemotes(remotes, options) {
      for (const { name, entry } of remotes) {
        entries.set(name, entry);
        publicPaths[name] = new URL('./', entry).href;
      }
      registerRemotes(remotes, options);
    },
    async loadRemote(id) {
      // Otherwise the runtime would run the browser entry in Node.
      const entry = entries.get(id.slice(0, id.indexOf('/')));
      const manifest = entry ? await manifests.json(entry) : undefined;
      if (!manifest?.metaData.ssrRemoteEntry) throw new Error(`${entry ?? id} names no server build (metaData.ssrRemoteEntry)`);
      return loadRemote(id);
    },
  };
}
