import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
import { manifestReader, retryUrls } from './federationContext';
import { remoteUnavailable } from './remoteUnavailable';

/**
 * The host's hooks into the federation runtime:
 * - after a Retry, a remote's entry is loaded under a fresh URL (retryUrls.ts);
 * - manifests are fetched through the host's reader, which refuses one that breaks the shared
 *   contract before the runtime ever uses it (the loader then falls back to the next entry);
 * - any failure to load a remote module (manifest, entry or chunk: server down, network error,
 *   bad deploy) becomes a marked "unavailable" result instead of an exception, so the loader
 *   can try a fallback and, failing that, the host shows a Retry panel in that remote's area.
 *   Every such failure reaches the 'onLoad' lifecycle; the others return undefined so the
 *   runtime rethrows into it.
 */
export default function shopRuntimePlugin(): ModuleFederationRuntimePlugin {
  return {
    name: 'maison-shop-runtime',
    fetch(url) {
      return manifestReader.response(url);
    },
    createScript({ url, attrs }) {
      const src = retryUrls.urlFor(url);
      if (src === url) return undefined;
      const script = document.createElement('script');
      for (const [name, value] of Object.entries(attrs ?? {})) script.setAttribute(name, String(value));
      script.src = src;
      return script;
    },
    errorLoadRemote({ id, error, lifecycle }) {
      if (lifecycle !== 'onLoad') return undefined;
      return remoteUnavailable(id, error);
    },
  };
}
