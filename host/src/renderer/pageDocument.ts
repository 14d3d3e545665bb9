import type { Language, PageHead } from '@maison/shared';
import { entryUrlOf } from '../contract/remotesJson';
import { FEDERATION_DATA_ID, type InlineFederationData } from '../federation/loading/inlineData';
import { jsonForScript, pageHeadTags, type PageAddress } from '../head/pageHeadTags';
import { RENDER_STAMP_META, RENDERED_ATTRIBUTE, type RenderStamp } from '../renderStamp';
import type { PageShell } from '../contract/hostBuild';
import { inlineScript } from './inlineCode';
import { escapeHtml } from './notFoundText';

export interface PageDocumentInput {
  shell: PageShell;
  language: Language;
  /** React's markup of the shop (the content of #root). */
  markup: string;
  head: PageHead;
  /** The stylesheets of the page's remote modules: absolute URLs, with the text to carry inline where it can be (./inlineCode.ts). */
  stylesheets: Array<{ href: string; text?: string | undefined }>;
  stamp: RenderStamp;
  /** The page's address: its language, its path in it, the shop's origin (canonical and alternate URLs). */
  address: PageAddress;
  /** The scripts of the page's remote modules (their own chunks), absolute URLs. */
  scripts: string[];
  /** remotes.json and the page's remotes' manifests, carried as data (federation/loading/inlineData.ts). */
  federationData: InlineFederationData;
}

type Attributes = PageShell['headTags'][number]['attributes'];

const attributesOf = (attributes: Attributes) =>
  Object.entries(attributes)
    .filter(([, value]) => value !== false && value != null)
    .map(([name, value]) => (value === true || value === '' ? ` ${name}` : ` ${name}="${escapeHtml(String(value))}"`))
    .join('');

/** An element; a script's or style's text is already safe inside it (jsonForScript, ./inlineCode.ts). */
function tag(tagName: string, attributes: Attributes, text = ''): string {
  return tagName === 'script' || tagName === 'style'
    ? `<${tagName}${attributesOf(attributes)}>${text}</${tagName}>`
    : `<${tagName}${attributesOf(attributes)}>`;
}

/** A rendered page, and the code it carries inline: the page policy must allow exactly that. */
export interface PageDocument {
  html: string;
  inline: { scripts: string[]; styles: string[] };
}

/** What search engines and link previews read (head/pageHeadTags.ts, the same the browser writes after a navigation). */
function describingTags({ head, address }: PageDocumentInput): string[] {
  return pageHeadTags(head, address).map(({ tagName, attributes, text }) => tag(tagName, attributes, text));
}

/**
 * A rendered page: index.html's head, changed where a page that paints from its HTML needs it.
 * - The boot script is the body's first element (the language's move and the intro's rule: it runs
 *   before anything is painted), and it runs main.js after the first paint. It and the stylesheets
 *   of the first paint come in the page (./inlineCode.ts): the first paint waits for nothing but
 *   the HTML (and the main picture), not for a round trip after it.
 * - Every script the first view runs is fetched from the start at low priority (after the
 *   stylesheets and images the first paint needs), and the federation's data (remotes.json, the
 *   manifests) is in the page: nothing the page needs to come alive is found late. The host's own
 *   chunks are async scripts right after the boot script: a browser compiles those as they
 *   arrive, off the main thread (a preloaded script is compiled on it once asked for: 0.2 s for
 *   the shared libraries on a phone), and a chunk that runs before main.js only files its modules
 *   for it. The rest are preloads: main.js runs after the first paint, and a remote's files
 *   must run only if the page does use that build of it.
 * - The stylesheets the markup needs, the host's and the remotes' for the page's modules, are
 *   `<style data-href>` (or links where they cannot be carried): their loaders find them already
 *   in the page by that address.
 * - React's preloads of the page's images move to the head, after the stylesheets.
 * - No <noscript> notice: the page works as a document without scripts.
 */
export function pageDocument(input: PageDocumentInput): PageDocument {
  const { shell, language, markup: rendered, head, stylesheets, stamp, scripts, federationData } = input;
  // React puts the preloads of the page's (not lazy) images first in its markup; in the head the
  // browser finds them before the body. Hydration skips such links either way.
  const preloads = /^(?:<link rel="preload"[^>]*\/>)*/.exec(rendered)![0];
  const markup = rendered.slice(preloads.length);
  const main = shell.headTags.find(({ tagName, attributes }) => tagName === 'script' && attributes.src);
  if (!main) throw new Error('page-shell.json names no main script');
  const headTags: string[] = [];
  const inline: PageDocument['inline'] = { scripts: [], styles: [] };
  const stylesheet = (href: string, text: string | undefined) => {
    if (text === undefined) return tag('link', { href, rel: 'stylesheet' });
    inline.styles.push(text);
    return tag('style', { 'data-href': href }, text);
  };
  // Every script the first view runs, named up front so none waits on another's answer: main.js,
  // index.html's script preloads, each remote's entry and the page's own chunks of it.
  // remotes.json and the manifests are not fetched at all: the page carries them as data.
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
  // The languages' addresses and where the choice is kept are built into it (@maison/shared/address).
  const bootScript = tag('script', { 'data-main': String(main.attributes.src) }, inlineScript(shell.bootScript));
  inline.scripts.push(shell.bootScript);
  const html = [
    `<!doctype html><html lang="${language}"><head><meta charset="utf-8">`,
    `<title>${escapeHtml(head.title)}</title>`,
    ...describingTags(input),
    tag('meta', { name: RENDER_STAMP_META, content: JSON.stringify(stamp) }),
    ...headTags,
    ...stylesheets.map(({ href, text }) => stylesheet(href, text)),
    // Nothing painted until the markup is parsed whole (where the browser knows it: Chromium):
    // with the stylesheets in the page a paint can come mid-parse, and a row whose later parts
    // were not yet there shifts when they are (the product list's toolbar did).
    tag('link', { rel: 'expect', href: `#${FEDERATION_DATA_ID}`, blocking: 'render' }),
    preloads,
    // At low priority: not in the way of the stylesheets and images of the first paint (nor, for
    // Lighthouse, render-blocking). A browser holds low-priority requests back while a script
    // blocks the head, so the boot script is the body's first element, not the head's last.
    // A remote's scripts on another origin load with CORS (webpack's crossOriginLoading): preloaded so too.
    ...preloadedScripts.map((href) =>
      tag('link', {
        rel: 'preload',
        as: 'script',
        fetchpriority: 'low',
        href,
        crossorigin: new URL(href, input.address.origin).origin !== input.address.origin ? 'anonymous' : undefined,
      }),
    ),
    // Still before anything is painted: nothing of the body comes before it. The host's chunks
    // after it, so that it sees them fail (boot/firstViewChunks.ts).
    `</head><body>${bootScript}`,
    ...hostChunks.map((src) => tag('script', { async: true, fetchpriority: 'low', src })),
    `<div id="root" ${RENDERED_ATTRIBUTE}>${markup}</div>`,
    `<script type="application/json" id="${FEDERATION_DATA_ID}">${jsonForScript(federationData)}</script>`,
    '</body></html>',
  ].join('');
  return { html, inline };
}
