/**
 * What a page's head says about it, beyond its title, as data: the renderer writes these tags
 * into the HTML (server/pageDocument.ts) and the browser writes the same ones into the document
 * after each navigation (applyPageHead.ts), so a page's head is the same however it was reached.
 */
import { alternateAddresses, LANGUAGES, pathInLanguage, type Language, type PageHead } from '@maison/shared';

export interface HeadTag {
  tagName: 'meta' | 'link' | 'script';
  attributes: Record<string, string>;
  /** A script's content (JSON-LD). */
  text?: string;
}

const OG_LOCALE: Record<Language, string> = { en: 'en_GB', vi: 'vi_VN' };

export interface PageAddress {
  language: Language;
  /** The page's path within its language (no language prefix, no query). */
  path: string;
  /** The shop's public origin. */
  origin: string;
}

/** JSON inside a <script> data block: nothing in it can end the element or open a comment. */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c').replace(/>/g, '\\u003e').replace(/&/g, '\\u0026');
}

export function pageHeadTags(head: PageHead, address: PageAddress): HeadTag[] {
  const meta = (attribute: 'name' | 'property', key: string, content: string | undefined): HeadTag[] =>
    content ? [{ tagName: 'meta', attributes: { [attribute]: key, content } }] : [];
  const canonical = head.notFound ? undefined : new URL(pathInLanguage(address.path, address.language), address.origin).href;
  return [
    ...meta('name', 'description', head.description),
    ...(canonical
      ? [
          { tagName: 'link', attributes: { rel: 'canonical', href: canonical } } as HeadTag,
          ...alternateAddresses(address.path, address.origin).map(({ hreflang, href }): HeadTag => ({
            tagName: 'link',
            attributes: { rel: 'alternate', hreflang, href },
          })),
        ]
      : meta('name', 'robots', 'noindex')),
    ...meta('property', 'og:site_name', 'Maison Khăn'),
    ...meta('property', 'og:type', head.structuredData?.['@type'] === 'Product' ? 'product' : 'website'),
    ...meta('property', 'og:title', head.title),
    ...meta('property', 'og:description', head.description),
    ...meta('property', 'og:url', canonical),
    ...meta('property', 'og:image', head.image),
    ...meta('property', 'og:locale', OG_LOCALE[address.language]),
    ...LANGUAGES.filter((language) => language !== address.language).flatMap((language) =>
      meta('property', 'og:locale:alternate', OG_LOCALE[language]),
    ),
    ...(head.structuredData
      ? [{ tagName: 'script', attributes: { type: 'application/ld+json' }, text: jsonForScript(head.structuredData) } as HeadTag]
      : []),
  ];
}

/** Selects every element pageHeadTags writes, so the browser can replace them all at once. */
export const PAGE_HEAD_SELECTOR = [
  'meta[name="description"]',
  'meta[name="robots"]',
  'link[rel="canonical"]',
  'link[rel="alternate"][hreflang]',
  'meta[property^="og:"]',
  'script[type="application/ld+json"]',
].join(', ');
