import type { Language, PageHead } from '@maison/shared';
import { entryUrlOf } from '../federation/loading/remotesJson';
import { RENDER_STAMP_META, RENDERED_ATTRIBUTE, type RenderStamp } from '../renderStamp';

/** The host's page as data (webpack/RenderedPagePlugin.ts writes it beside the build: page-shell.json). */
export interface PageShell {
  /** The host build (its version): rendered pages must come from it to be served with it. */
  hostBuild: string;
  /** index.html's head tags, in order: meta, icon, stylesheets, preloads, main.js. */
  headTags: Array<{ tagName: string; attributes: Record<string, string | boolean | null | undefined> }>;
  /** The content-hashed start script: first in a rendered page's head. */
  startScript: string;
}

export interface PageDocumentInput {
  shell: PageShell;
  language: Language;
  /** React's markup of the shop (the content of #root). */
  markup: string;
  head: PageHead;
  /** The stylesheets of the page's remote modules, absolute URLs. */
  stylesheets: string[];
  stamp: RenderStamp;
  /** The page's public URL; none for a not-found page, which is also kept out of search results. */
  canonicalUrl?: string;
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => ESCAPES[char]!);

/** JSON inside a <script> data block: nothing in it can end the element or open a comment. */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c').replace(/>/g, '\\u003e').replace(/&/g, '\\u0026');
}

function tag(tagName: string, attributes: PageShell['headTags'][number]['attributes']): string {
  const attrs = Object.entries(attributes)
    .filter(([, value]) => value !== false && value != null)
    .map(([name, value]) => (value === true || value === '' ? ` ${name}` : ` ${name}="${escapeHtml(String(value))}"`))
    .join('');
  return tagName === 'script' ? `<script${attrs}></script>` : `<${tagName}${attrs}>`;
}

const OG_LOCALE: Record<Language, string> = { en: 'en_GB', vi: 'vi_VN' };

/** What search engines and link previews read: description, canonical URL, Open Graph, structured data. */
function describingTags({ head, language, canonicalUrl }: PageDocumentInput): string[] {
  const meta = (attribute: 'name' | 'property', key: string, content: string | undefined) =>
    content ? tag('meta', { [attribute]: key, content }) : '';
  return [
    meta('name', 'description', head.description),
    canonicalUrl ? tag('link', { rel: 'canonical', href: canonicalUrl }) : meta('name', 'robots', 'noindex'),
    meta('property', 'og:site_name', 'Maison Khăn'),
    meta('property', 'og:type', head.structuredData?.['@type'] === 'Product' ? 'product' : 'website'),
    meta('property', 'og:title', head.title),
    meta('property', 'og:description', head.description),
    meta('property', 'og:url', canonicalUrl),
    meta('property', 'og:image', head.image),
    meta('property', 'og:locale', OG_LOCALE[language]),
    head.structuredData ? `<script type="application/ld+json">${jsonForScript(head.structuredData)}</script>` : '',
  ].filter(Boolean);
}

/**
 * A rendered page: index.html's head, changed where a page that paints from its HTML needs it.
 * - The start script comes first (the intro's rule), and it adds main.js after the first paint,
 *   with every script and data preload the first view needs (data-preload) at the same moment,
 *   instead of downloading them against the page's own content.
 * - The stylesheets the markup needs are links, not preloads: the host's lazily loaded CSS and
 *   the remotes' CSS for the page's modules (their loaders find them already in the page).
 * - React's preloads of the page's images move to the head, after the stylesheets.
 * - No <noscript> notice: the page works as a document without scripts.
 */
export function pageDocument(input: PageDocumentInput): string {
  const { shell, language, markup: rendered, head, stylesheets, stamp } = input;
  // React puts the preloads of the page's (not lazy) images first in its markup; in the head the
  // browser finds them before the body. Hydration skips such links either way.
  const preloads = /^(?:<link rel="preload"[^>]*\/>)*/.exec(rendered)![0];
  const markup = rendered.slice(preloads.length);
  const main = shell.headTags.find(({ tagName, attributes }) => tagName === 'script' && attributes.src);
  if (!main) throw new Error('page-shell.json names no main script');
  const headTags: string[] = [];
  // What the first view needs once it has painted, for start.js to fetch all at once then:
  // index.html's script and data preloads, and each remote's manifest and entry on the page.
  const afterPaint: string[] = [];
  for (const { attributes } of shell.headTags) {
    if (attributes.rel === 'preload' && (attributes.as === 'script' || attributes.as === 'fetch'))
      afterPaint.push(`${attributes.as}:${String(attributes.href)}`);
  }
  for (const manifest of Object.values(stamp.remotes)) afterPaint.push(`fetch:${manifest}`, `script:${entryUrlOf(manifest)}`);
  for (const { tagName, attributes } of shell.headTags) {
    if (tagName === 'title' || tagName === 'script' || (tagName === 'meta' && attributes.name === 'description')) continue;
    if (attributes.rel === 'preload' && attributes.as === 'style') headTags.push(tag('link', { href: attributes.href, rel: 'stylesheet' }));
    else if (attributes.rel !== 'preload') headTags.push(tag(tagName, attributes));
  }
  return [
    `<!doctype html><html lang="${language}"><head><meta charset="utf-8">`,
    tag('script', { src: shell.startScript, 'data-main': String(main.attributes.src), 'data-preload': afterPaint.join(' ') }),
    `<title>${escapeHtml(head.title)}</title>`,
    ...describingTags(input),
    tag('meta', { name: RENDER_STAMP_META, content: JSON.stringify(stamp) }),
    ...headTags,
    ...stylesheets.map((href) => tag('link', { href, rel: 'stylesheet' })),
    preloads,
    `</head><body><div id="root" ${RENDERED_ATTRIBUTE}>${markup}</div></body></html>`,
  ].join('');
}
