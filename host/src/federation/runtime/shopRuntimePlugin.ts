import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
import type { ManifestReader } from '../loading/manifests';
import type { RetryUrls } from '../loading/retryUrls';

/**
 * The host's hooks into the federation runtime, registered at start-up (federation/index.ts):
 * - manifests are fetched through the host's reader, which refuses one that breaks the shared
 *   contract before the runtime ever uses it (the loader then falls back to the next entry);
 * - after a Retry, a remote's entry script is requested under a fresh URL (retryUrls.ts).
 * Failures are not handled here: the runtime rethrows them and the loader turns them into a
 * LoadFailure with its reason.
 */
export function shopRuntimePlugin({
  manifests,
  retryUrls,
}: {
  manifests: ManifestReader;
  retryUrls: RetryUrls;
}): ModuleFederationRuntimePlugin {
  return {
    name: 'maison-shop-runtime',
    fetch(url) {
      // Manifests only. In Node (the renderer) the runtime fetches remote entries and chunks
      // through this hook too: those are scripts, fetched as they are.
      if (!new URL(url).pathname.endsWith('.json')) return undefined;
      return manifests.response(url);
    },
    createScript({ url, attrs }) {
      const src = retryUrls.urlFor(url);
      if (src === url) return undefined;
      const script = document.createElement('script');
      for (const [name, value] of Object.entries(attrs ?? {})) script.setAttribute(name, String(value));
      script.src = src;
      return script;
    },
  };
}
