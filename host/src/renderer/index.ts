/** The renderer entry (host/dist-server/render.cjs); shared libraries stay behind the dynamic import. */
import type { PageRenderer, PageRendererOptions } from './pageRenderer';

export async function createPageRenderer(options: PageRendererOptions): Promise<PageRenderer> {
  const { createPageRendererNow } = await import('./pageRenderer');
  return createPageRendererNow(options);
}
