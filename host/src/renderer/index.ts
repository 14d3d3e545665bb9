/**
 * The renderer: the host's server build (host/dist-server/render.cjs, a CommonJS library that is
 * never published). the publish (deploy/src/publish/renderPages.ts) loads it with an environment's remotes.json and writes the
 * pages it renders. Like the browser's main.js, this entry holds no shared library: they are
 * shared with the remotes' server builds behind this dynamic import.
 */
import type { PageRenderer, PageRendererOptions } from './pageRenderer';

export type { PageRenderer, PageRendererOptions, RenderedPage } from './pageRenderer';

export async function createPageRenderer(options: PageRendererOptions): Promise<PageRenderer> {
  const { createPageRendererNow } = await import('./pageRenderer');
  return createPageRendererNow(options);
}
