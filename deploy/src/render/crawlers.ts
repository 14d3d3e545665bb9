/** What crawlers read: the sitemap (with alternates) and robots.txt. Node runs this file as it is. */
import type { Language } from '@maison/shared';
import { alternateAddresses, pathInLanguage } from '@maison/shared/address';
import type { RenderRecord, ServedRoute } from '@maison/host/contract';
// XML's escapes are HTML's (&#39; for ').
import { escapeHtml as xml } from '@maison/host/hosting';
import { GENERATION_FILE } from '../environment/layout.ts';

/** The sitemap of `paths` (within a language) in each of `languages`, on `origin`, each page naming its alternates. */
export function sitemapXml(origin: string, paths: readonly string[], languages: readonly string[]): string {
  const urls = paths.flatMap((pathname) => {
    const alternates = alternateAddresses(pathname, origin).filter(
      ({ hreflang }) => hreflang === 'x-default' || languages.includes(hreflang),
    );
    const links = alternates.map(({ hreflang, href }) => `    <xhtml:link rel="alternate" hreflang="${hreflang}" href="${xml(href)}"/>`);
    return alternates
      .filter(({ hreflang }) => hreflang !== 'x-default')
      .map(({ href }) => ['  <url>', `    <loc>${xml(href)}</loc>`, ...links, '  </url>'].join('\n'));
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">',
    ...urls,
    '</urlset>',
    '',
  ].join('\n');
}

/** robots.txt: everything may be crawled but the shopper's own pages, in every language; the sitemap is named. */
export function robotsTxt(origin: string, personalPaths: readonly string[], languages: readonly string[]): string {
  const disallowed = personalPaths.flatMap((pathname) => languages.map((language) => pathInLanguage(pathname, language as Language)));
  return [
    'User-agent: *',
    ...disallowed.map((pathname) => `Disallow: ${pathname}`),
    'Allow: /',
    '',
    `Sitemap: ${new URL('/sitemap.xml', origin).href}`,
    '',
  ].join('\n');
}

/** A set of pages' sitemap.xml and robots.txt, by name: the shopper's own (personal) routes are neither listed nor crawled. */
export function crawlerFiles(
  origin: string,
  routes: readonly ServedRoute[],
  { pages, languages }: Pick<RenderRecord, 'pages' | 'languages'>,
): Record<string, string> {
  const personal = routes.filter((route) => route.personal).map((route) => route.path);
  const indexable = pages.filter((page) => !personal.includes(page));
  return {
    [GENERATION_FILE.sitemap]: sitemapXml(origin, indexable, languages),
    [GENERATION_FILE.robots]: robotsTxt(origin, personal, languages),
  };
}
