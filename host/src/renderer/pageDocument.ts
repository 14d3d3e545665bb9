import type { PageHead } from '@maison/shared';
import { entryUrlOf } from '../contract/remotesJson';
import { FEDERATION_DATA_ID, type InlineFederationData } from '../federation/loading/inlineData';
import { isCrossOrigin } from '../federation/runtime/shopRuntimePlugin';
import { jsonForScript, pageHeadTags, type PageAddress } from '../head/pageHeadTags';
import { RENDER_STAMP_META, RENDERED_ATTRIBUTE, type RenderStamp } from '../renderStamp';
import type { PageShell } from '../contract/hostBuild';
import { inlineScript } from './inlineCode';
import { escapeHtml } from './notFoundText';

export interface PageDocumentInput {
  shell: PageShell;
  markup: string;
  head: PageHead;
  stylesheets: Array<{ href: string; text?: string | undefined }>;
  stamp: RenderStamp;
  address: PageAddress;
  scripts: string[];
  federationData: InlineFederationData;
}

type Attributes = PageShell['headTags'][number]['attributes'];

const attributesOf = (attributes: Attributes) =>
  Object.entries(attributes)
    .filter(([, value]) => value !== false && value != null)
    .map(([name, value]) => (value === true || value === '' ? ` ${name}` : ` ${name}="${escapeHtml(String(value))}"`))
    .join('');

/** A script's or style's text is already safe inside it (jsonForScript, ./inlineCode.ts). */
function tag(tagName: string, attributes: Attributes, text = ''): string {
  const open = `<${tagName}${attributesOf(attributes)}>`;
  return tagName === 'script' || tagName === 'style' ? `${open}${text}</${tagName}>` : open;
}

// Why: docs/decisions/build-and-render.md#page-document
export function pageDocument({ shell, markup: rendered, head, stylesheets, stamp, address, scripts, federationData }: PageDocumentInput) {
  // React's image preloads lead its markup: moved to the head.
  const preloads = /^(?:<link rel="preload"[^>]*\/>)*/.exec(rendered)![0];
  const markup = rendered.slice(preloads.length);
  const main = shell.headTags.find(({ tagName, attributes }) => tagName === 'script' && attributes.src);
  if (!main) throw new Error('page-shell.json names no main script');
  const headTags: string[] = [];
  const inline = { scripts: [shell.bootScript], styles: [] as string[] };
  const stylesheet = (href: string, text: string | undefined) => {
    if (text === undefined) return tag('link', { href, rel: 'stylesheet' });
    inline.styles.push(text);
    return tag('style', { 'data-href': href }, text);
  };
  const hostChunks = shell.headTags.flatMap(({ attributes }) =>
    attributes.rel === 'preload' && attributes.as === 'script' ? [String(attributes.href)] : [],
  );
  const preloadedScripts = [String(main.attributes.src), ...Object.values(stamp.remotes).map(entryUrlOf), ...scripts];
  for (const { tagName, attributes } of shell.headTags) {
    if (tagName === 'title' || tagName === 'script' || (tagName === 'meta' && attributes.name === 'description')) continue;
    if ((attributes.rel === 'preload' && attributes.as === 'style') || attributes.rel === 'stylesheet')
      headTags.push(stylesheet(String(attributes.href), shell.stylesheets[String(attributes.href)]));
    else if (attributes.rel !== 'preload') headTags.push(tag(tagName, attributes));
  }
  const html = [
    `<!doctype html><html lang="${address.language}"><head><meta charset="utf-8">`,
    `<title>${escapeHtml(head.title)}</title>`,
    ...pageHeadTags(head, address).map(({ tagName, attributes, text }) => tag(tagName, attributes, text)),
    tag('meta', { name: RENDER_STAMP_META, content: JSON.stringify(stamp) }),
    ...headTags,
    ...stylesheets.map(({ href, text }) => stylesheet(href, text)),
    // No paint mid-parse (Chromium): it shifted the product list's toolbar.
    tag('link', { rel: 'expect', href: `#${FEDERATION_DATA_ID}`, blocking: 'render' }),
    preloads,
    // CORS for other origins, as webpack loads them.
    ...preloadedScripts.map((href) => {
      const crossorigin = isCrossOrigin(href, address.origin) ? 'anonymous' : undefined;
      return tag('link', { rel: 'preload', as: 'script', fetchpriority: 'low', href, crossorigin });
    }),
    // The host's chunks after the boot script, so it sees them fail (boot/firstViewChunks.ts).
    `</head><body>${tag('script', { 'data-main': String(main.attributes.src) }, inlineScript(shell.bootScript))}`,
    ...hostChunks.map((src) => tag('script', { async: true, fetchpriority: 'low', src })),
    `<div id="root" ${RENDERED_ATTRIBUTE}>${markup}</div>`,
    `<script type="application/json" id="${FEDERATION_DATA_ID}">${jsonForScript(federationData)}</script>`,
    '</body></html>',
  ].join('');
  return { html, inline };
}
