import type { RemoteName } from '@maison/shared';

/** Set on #root by the renderer: this page arrived rendered (server/pageDocument.ts). */
export const RENDERED_ATTRIBUTE = 'data-rendered';

/** The meta element a rendered page carries: which host build and remote builds rendered it. */
export const RENDER_STAMP_META = 'maison-render';

export interface RenderStamp {
  host: string;
  /** The manifest URL each remote on the page was loaded from. */
  remotes: Partial<Record<RemoteName, string>>;
}

/** The stamp of a rendered page, or undefined when it has none (or one that cannot be read). */
export function renderStampOf(doc: Document): RenderStamp | undefined {
  try {
    const stamp = JSON.parse(
      doc.querySelector<HTMLMetaElement>(`meta[name="${RENDER_STAMP_META}"]`)?.content ?? '',
    ) as Partial<RenderStamp>;
    return typeof stamp.host === 'string' && typeof stamp.remotes === 'object' && stamp.remotes !== null
      ? (stamp as RenderStamp)
      : undefined;
  } catch {
    return undefined;
  }
}
