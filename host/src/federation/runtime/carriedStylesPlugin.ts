import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';

/** Whether the page carries the stylesheet at `url` itself (a rendered page's `<style data-href>`, server/inlineCode.ts). */
function isCarried(url: string, doc: Document): boolean {
  return [...doc.querySelectorAll('style[data-href]')].some((style) => style.getAttribute('data-href') === url);
}

/** Keeps the runtime from fetching again the stylesheets a rendered page carries as `<style data-href>`. */
export function carriedStylesPlugin(): ModuleFederationRuntimePlugin {
  return {
    name: 'maison-carried-styles',
    beforePreloadRemote({ preloadOps }) {
      if (typeof document === 'undefined') return;
      for (const op of preloadOps) {
        const own = op.filter;
        op.filter = (url) => !isCarried(url, document) && (own ? own(url) : true);
      }
    },
  };
}
