import { robotsTxt, sitemapXml } from './crawlers';

describe('what crawlers read', () => {
  it('lists every public page in every language, on the shop’s origin, escaped, each with its alternates', () => {
    expect(sitemapXml('https://shop.example.com', ['/', '/products/a&b'], ['en', 'vi'])).toBe(
      [
        '<?xml version="1.0" encoding="UTF-8"?>',
        '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">',
        ...['https://shop.example.com/', 'https://shop.example.com/vi/'].flatMap((loc) => [
          '  <url>',
          `    <loc>${loc}</loc>`,
          '    <xhtml:link rel="alternate" hreflang="en" href="https://shop.example.com/"/>',
          '    <xhtml:link rel="alternate" hreflang="vi" href="https://shop.example.com/vi/"/>',
          '    <xhtml:link rel="alternate" hreflang="x-default" href="https://shop.example.com/"/>',
          '  </url>',
        ]),
        ...['https://shop.example.com/products/a&amp;b', 'https://shop.example.com/vi/products/a&amp;b'].flatMap((loc) => [
          '  <url>',
          `    <loc>${loc}</loc>`,
          '    <xhtml:link rel="alternate" hreflang="en" href="https://shop.example.com/products/a&amp;b"/>',
          '    <xhtml:link rel="alternate" hreflang="vi" href="https://shop.example.com/vi/products/a&amp;b"/>',
          '    <xhtml:link rel="alternate" hreflang="x-default" href="https://shop.example.com/products/a&amp;b"/>',
          '  </url>',
        ]),
        '</urlset>',
        '',
      ].join('\n'),
    );
  });

  it('lists only the languages that were rendered', () => {
    const sitemap = sitemapXml('https://shop.example.com', ['/about'], ['en']);
    expect(sitemap).toContain('<loc>https://shop.example.com/about</loc>');
    expect(sitemap).not.toContain('/vi/');
  });

  it('points robots at the sitemap and keeps them out of the shopper’s own pages, in every language', () => {
    expect(robotsTxt('https://shop.example.com', ['/cart', '/profile'], ['en', 'vi'])).toBe(
      'User-agent: *\nDisallow: /cart\nDisallow: /vi/cart\nDisallow: /profile\nDisallow: /vi/profile\nAllow: /\n\nSitemap: https://shop.example.com/sitemap.xml\n',
    );
  });
});
