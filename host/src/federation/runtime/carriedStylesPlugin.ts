import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';

/** Whether the page carries the stylesheet at `url` itself (a rendered page's `<style data-href>`, server/inlineCode.ts). */
function isCarried(url: string, doc: Document): boolean {
  return [...doc.querySelectorAll('style[data-href]')].some((style) => style.getAttribute('data-href') === url);
}

/**
 * When a remote module loads, the runtime adds its manifest's stylesheets to the page as links
 * unless a link to the same file is there. A rendered page carries its first view's stylesheets
 * as `<style data-href>` instead: the runtime leaves those out rather than fetching them again.
 */
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
