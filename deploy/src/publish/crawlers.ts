/**
 * What crawlers read first: the sitemap (every public page's URL) and robots.txt (pointing at it,
 * and keeping them out of the shopper's own pages). Written into each generation at publish
 * (publish.ts). Node runs this file as it is.
 */
const XML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };
const xml = (text: string) => text.replace(/[&<>"']/g, (char) => XML_ESCAPES[char]!);

/** The sitemap of `paths` on `origin` (one URL per page: the language follows the shopper's choice, not the URL). */
export function sitemapXml(origin: string, paths: readonly string[]): string {
  const urls = paths.map((pathname) => `  <url><loc>${xml(new URL(pathname, origin).href)}</loc></url>`);
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...urls,
    '</urlset>',
    '',
  ].join('\n');
}

/** robots.txt: everything may be crawled but the shopper's own pages; the sitemap is named. */
export function robotsTxt(origin: string, personalPaths: readonly string[]): string {
  return [
    'User-agent: *',
    ...personalPaths.map((pathname) => `Disallow: ${pathname}`),
    'Allow: /',
    '',
    `Sitemap: ${new URL('/sitemap.xml', origin).href}`,
    '',
  ].join('\n');
}
