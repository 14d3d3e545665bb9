import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
import type { ManifestReader } from '../loading/manifests';
import type { RetryUrls } from '../loading/retryUrls';

/** A file on another origin than the page's. */
export const isCrossOrigin = (url: string, page = window.location.href) => new URL(url, page).origin !== new URL(page).origin;

/** An element that fetches `url`, with CORS across origins, as webpack loads its chunks (output.crossOriginLoading). */
export function fileElement<Tag extends 'script' | 'link'>(tagName: Tag, url: string, attrs: Record<string, unknown> = {}) {
  const made = document.createElement(tagName);
  for (const [name, value] of Object.entries(attrs)) made.setAttribute(name, String(value));
  if (isCrossOrigin(url)) made.crossOrigin = 'anonymous';
  made.setAttribute(tagName === 'script' ? 'src' : 'href', url);
  return made;
}

/** The host's runtime hooks: checked manifests, entries under retry URLs, CORS across origins, carried styles. Failures go to the loader. */
export function shopRuntimePlugin(manifests: ManifestReader, retryUrls: RetryUrls): ModuleFederationRuntimePlugin {
  return {
    name: 'maison-shop-runtime',
    // Manifests only: entries and chunks are left to the realm's fetch (the renderer's is remoteFiles).
    fetch: (url) => (new URL(url).pathname.endsWith('.json') ? manifests.response(url) : undefined),
    createScript({ url, attrs }) {
      // The renderer (Node) loads entries its own way: this hook is asked there too.
      if (typeof document === 'undefined') return undefined;
      return fileElement('script', retryUrls.urlFor(url), attrs);
    },
    createLink({ url, attrs }) {
      if (typeof document === 'undefined' || !isCrossOrigin(url) || attrs?.['as'] !== 'script') return undefined;
      return fileElement('link', url, attrs);
    },
    // A stylesheet a rendered page carries as `<style data-href>` (renderer/pageDocument.ts) is not fetched again.
    beforePreloadRemote({ preloadOps }) {
      if (typeof document === 'undefined') return;
      const isCarried = (url: string) =>
        [...document.querySelectorAll('style[data-href]')].some((style) => style.getAttribute('data-href') === url);
      for (const op of preloadOps) {
        const own = op.filter;
        op.filter = (url) => !isCarried(url) && (own ? own(url) : true);
      }
    },
  };
}
