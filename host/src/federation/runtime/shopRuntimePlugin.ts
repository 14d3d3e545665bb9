import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
import type { ManifestReader } from '../loading/manifests';
import type { RetryUrls } from '../loading/retryUrls';

/**
 * The host's hooks into the federation runtime, registered by the federation core (core/federationCore.ts):
 * - manifests are fetched through the host's reader, which refuses one that breaks the shared
 *   contract before the runtime ever uses it (the loader then falls back to the next entry);
 * - after a Retry (or a build replaced under the page), a remote's entry script is requested under a fresh URL (retryUrls.ts);
 * - a remote's scripts on another origin are read with CORS, preloads too.
 * Failures are not handled here: the runtime rethrows them and the loader turns them into a
 * LoadFailure with its reason.
 */
/** A remote's file on another origin than the page's: read with CORS, as webpack reads its chunks. */
export const isCrossOrigin = (url: string) => new URL(url, window.location.href).origin !== window.location.origin;

export function shopRuntimePlugin({
  manifests,
  retryUrls,
  scripts,
}: {
  manifests: ManifestReader;
  retryUrls: RetryUrls;
  /** In Node (the renderer), how remote entries and chunks are fetched: the runtime asks this hook for them too. */
  scripts?: typeof fetch;
}): ModuleFederationRuntimePlugin {
  return {
    name: 'maison-shop-runtime',
    fetch(url) {
      if (new URL(url).pathname.endsWith('.json')) return manifests.response(url);
      return scripts?.(url);
    },
    createScript({ url, attrs }) {
      // The renderer (Node) loads entries its own way: this hook is asked there too.
      if (typeof document === 'undefined') return undefined;
      const src = retryUrls.urlFor(url);
      const script = document.createElement('script');
      for (const [name, value] of Object.entries(attrs ?? {})) script.setAttribute(name, String(value));
      // With CORS, as the page preloads it (output.crossOriginLoading): its errors reach the page whole.
      if (isCrossOrigin(src)) script.crossOrigin = 'anonymous';
      script.src = src;
      return script;
    },
    createLink({ url, attrs }) {
      if (typeof document === 'undefined' || !isCrossOrigin(url) || attrs?.['as'] !== 'script') return undefined;
      const link = document.createElement('link');
      for (const [name, value] of Object.entries(attrs)) link.setAttribute(name, String(value));
      link.crossOrigin = 'anonymous';
      link.href = url;
      return link;
    },
  };
}
