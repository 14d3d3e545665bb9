import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import { SERVER_PUBLIC_PATHS_GLOBAL as PUBLIC_PATHS } from '../contract/hostBuild';
import type { FederationRuntime } from '../federation/core/loader';
import type { ManifestReader } from '../federation/loading/manifests';

function publicPaths(): Record<string, string> {
  const global = globalThis as unknown as Record<string, Record<string, string> | undefined>;
  return (global[PUBLIC_PATHS] ??= {});
}

/** The realm's fetch as it was before a renderer took it over: the network. */
export const networkFetch: typeof fetch = globalThis.fetch;

/**
 * The federation runtime's two calls as the renderer makes them (the federation core takes them
 * from here, core/federationCore.ts): the browser's two calls, with
 * @module-federation/node's runtime plugin (built into this server build) fetching remote
 * entries and chunks over HTTP and running them in this process. Registering a remote also tells
 * its server build where its browser build is served (the manifest's folder), so the URLs it
 * renders (images) are the ones its browser build computes from `publicPath: 'auto'`.
 *
 * Neither fetches with the fetch the renderer is given: the runtime hands the sdk no fetch for a
 * server entry, and the node plugin loads a remote's chunks through that remote's own runtime,
 * whose hooks give nothing, then with the realm's `fetch`. So the realm's fetch becomes
 * `remoteFiles` (remoteFiles.ts): the renderer's realm is its own (the publish's process, a render
 * worker thread), and nothing in it fetches from an origin remotes.json does not list.
 */
export function createServerRuntime(manifests: ManifestReader, remoteFiles: typeof fetch): FederationRuntime {
  globalThis.fetch = remoteFiles;
  const entries = new Map<string, string>();
  return {
    registerRemotes(remotes, options) {
      for (const { name, entry } of remotes) {
        entries.set(name, entry);
        publicPaths()[name] = new URL('./', entry).href;
      }
      registerRemotes(remotes, options);
    },
    async loadRemote(id) {
      // A remote without a server build is not rendered: the runtime would otherwise run its
      // browser entry in Node (which fails, but only after running browser code here).
      const entry = entries.get(id.slice(0, id.indexOf('/')));
      const manifest = entry ? await manifests.json(entry) : undefined;
      if (!manifest?.metaData.ssrRemoteEntry) throw new Error(`${entry ?? id} names no server build (metaData.ssrRemoteEntry)`);
      return loadRemote(id);
    },
  };
}
