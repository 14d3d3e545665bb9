import { robotsTxt, sitemapXml } from './crawlers';

describe('what crawlers read', () => {
  it('lists every public page in the sitemap, on the shop’s origin, escaped', () => {
    expect(sitemapXml('https://shop.example.com', ['/', '/products', '/products/a&b'])).toBe(
      [
        '<?xml version="1.0" encoding="UTF-8"?>',
        '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
        '  <url><loc>https://shop.example.com/</loc></url>',
        '  <url><loc>https://shop.example.com/products</loc></url>',
        '  <url><loc>https://shop.example.com/products/a&amp;b</loc></url>',
        '</urlset>',
        '',
      ].join('\n'),
    );
  });

  it('points robots at the sitemap and keeps them out of the shopper’s own pages', () => {
    expect(robotsTxt('https://shop.example.com', ['/cart', '/checkout', '/profile'])).toBe(
      'User-agent: *\nDisallow: /cart\nDisallow: /checkout\nDisallow: /profile\nAllow: /\n\nSitemap: https://shop.example.com/sitemap.xml\n',
    );
  });
});
