import { jsonForScript } from '../head/pageHeadTags';
import type { PageShell } from '../contract/hostBuild';
import { pageDocument as documentOf, type PageDocumentInput } from './pageDocument';

const pageDocument = (input: PageDocumentInput) => documentOf(input).html;

const shell: PageShell = {
  hostBuild: '0.1.0+abc',
  version: '0.1.0+abc',
  bootScript: 'boot("start")',
  stylesheets: { '/main.0123456789.css': '.shell{color:red}' },
  headTags: [
    { tagName: 'meta', attributes: { name: 'viewport', content: 'width=device-width, initial-scale=1' } },
    { tagName: 'meta', attributes: { name: 'description', content: 'The shop’s own description' } },
    { tagName: 'meta', attributes: { name: 'theme-color', content: '#1f1a17' } },
    { tagName: 'link', attributes: { rel: 'icon', href: '/favicon.svg' } },
    { tagName: 'script', attributes: { defer: true, src: '/main.0123456789.js' } },
    { tagName: 'link', attributes: { href: '/main.0123456789.css', rel: 'stylesheet' } },
    { tagName: 'link', attributes: { rel: 'preload', href: '/remotes.json', as: 'fetch', crossorigin: 'anonymous' } },
    { tagName: 'link', attributes: { rel: 'preload', href: '/bootstrap.0123456789.css', as: 'style' } },
    { tagName: 'link', attributes: { rel: 'preload', href: '/bootstrap.0123456789.js', as: 'script' } },
  ],
};

const product: PageDocumentInput = {
  shell,
  markup: '<main><h1>Khăn tay</h1></main>',
  head: {
    title: 'Khăn tay Hồ Hoàn Kiếm — Maison Khăn',
    description: 'Hồ Gươm nằm giữa lòng Hà Nội.',
    image: 'http://localhost:3001/images/hoan-kiem-dusk.svg',
    structuredData: { '@type': 'Product', name: '</script><script>alert(1)</script>', offers: [{ price: 10000, priceCurrency: 'VND' }] },
  },
  stylesheets: [
    { href: 'http://localhost:3001/page.0123456789.css', text: '.page{color:blue}' },
    { href: 'http://localhost:3001/other.0123456789.css' },
  ],
  stamp: { host: '0.1.0+abc', remotes: { catalog: 'http://localhost:3001/mf-manifest.json' } },
  address: { language: 'vi', path: '/products/hoan-kiem-lake-handkerchief', origin: 'https://shop.example.com' },
  scripts: ['http://localhost:3001/__federation_expose_ProductDetailPage.0123456789.js'],
  federationData: {
    remotesJson: { catalog: 'http://localhost:3001/mf-manifest.json' },
    manifests: { 'http://localhost:3001/mf-manifest.json': { id: 'catalog', note: '</script><!--' } },
  },
};

describe('a rendered page', () => {
  it('starts its body with the boot script, in the page, which names main.js instead of loading it: nothing is painted before it runs', () => {
    const html = pageDocument(product);
    expect(html.startsWith('<!doctype html><html lang="vi"><head><meta charset="utf-8"><title>')).toBe(true);
    expect(html).toContain(
      '</head><body><script data-main="/main.0123456789.js">boot("start")</script><script async fetchpriority="low" src="/bootstrap.0123456789.js"></script><div id="root" data-rendered>',
    );
    expect(html).not.toContain('defer');
    expect(html).not.toContain('<noscript>');
  });

  it('carries the stylesheets it has the text of, links the others, then fetches every script the first view runs at low priority, none found late', () => {
    const html = pageDocument(product);
    // Another origin's scripts with CORS, as webpack loads them (crossOriginLoading).
    const preload = (href: string) =>
      `<link rel="preload" as="script" fetchpriority="low" href="${href}"${href.startsWith('/') ? '' : ' crossorigin="anonymous"'}>`;
    // main.js runs after the first paint, a remote's files only if the page uses that build: preloads.
    const scripts = [
      '/main.0123456789.js',
      'http://localhost:3001/remoteEntry.js',
      'http://localhost:3001/__federation_expose_ProductDetailPage.0123456789.js',
    ];
    expect(html).toContain(`${scripts.map(preload).join('')}</head>`);
    // The host's chunks, compiled as they arrive: async scripts, after the boot script (it sees them fail).
    expect(html.indexOf('<script async fetchpriority="low" src="/bootstrap.0123456789.js"></script>')).toBeGreaterThan(
      html.indexOf('boot("start")'),
    );
    // Carried where the text is known, with the address their loaders look for; linked otherwise.
    const stylesheets = [
      '<style data-href="/main.0123456789.css">.shell{color:red}</style>',
      '<link href="/bootstrap.0123456789.css" rel="stylesheet">',
      '<style data-href="http://localhost:3001/page.0123456789.css">.page{color:blue}</style>',
      '<link href="http://localhost:3001/other.0123456789.css" rel="stylesheet">',
    ];
    // The first paint waits for the markup whole: the federation data comes after it.
    expect(html).toContain('<link rel="expect" href="#maison-federation-data" blocking="render">');
    for (const element of stylesheets) {
      expect(html).toContain(element);
      expect(html.indexOf(element)).toBeLessThan(html.indexOf(preload(scripts[0]!)));
    }
    // The boot script, the host's chunk, JSON-LD, the federation data: no other script runs from the HTML.
    expect(html.match(/<script/g)).toHaveLength(4);
    expect(html).not.toContain('href="/remotes.json"');
    expect(html).toContain('<meta name="theme-color" content="#1f1a17">');
  });

  it('reports the code it carries, exactly as carried: the policy it is served with allows that', () => {
    const { html, inline } = documentOf(product);
    expect(inline).toEqual({ scripts: ['boot("start")'], styles: ['.shell{color:red}', '.page{color:blue}'] });
    for (const text of [...inline.scripts, ...inline.styles]) expect(html).toContain(`>${text}</`);
    expect(html.match(/<style/g)).toHaveLength(2);
  });

  it('refuses to carry a boot script that could end its element', () => {
    expect(() => documentOf({ ...product, shell: { ...shell, bootScript: 'a("</script>")' } })).toThrow(/<\/script/);
  });

  it('says what the page is to search engines and link previews, at its address in its language, with its other addresses', () => {
    const html = pageDocument(product);
    const vi = 'https://shop.example.com/vi/products/hoan-kiem-lake-handkerchief';
    const en = 'https://shop.example.com/products/hoan-kiem-lake-handkerchief';
    expect(html).toContain('<title>Khăn tay Hồ Hoàn Kiếm — Maison Khăn</title>');
    expect(html).toContain('<meta name="description" content="Hồ Gươm nằm giữa lòng Hà Nội.">');
    expect(html).not.toContain('The shop’s own description');
    expect(html).toContain(`<link rel="canonical" href="${vi}">`);
    expect(html).toContain(`<link rel="alternate" hreflang="en" href="${en}">`);
    expect(html).toContain(`<link rel="alternate" hreflang="vi" href="${vi}">`);
    expect(html).toContain(`<link rel="alternate" hreflang="x-default" href="${en}">`);
    expect(html).toContain('<meta property="og:type" content="product">');
    expect(html).toContain('<meta property="og:title" content="Khăn tay Hồ Hoàn Kiếm — Maison Khăn">');
    expect(html).toContain(`<meta property="og:url" content="${vi}">`);
    expect(html).toContain('<meta property="og:image" content="http://localhost:3001/images/hoan-kiem-dusk.svg">');
    expect(html).toContain('<meta property="og:locale" content="vi_VN">');
    expect(html).toContain('<meta property="og:locale:alternate" content="en_GB">');
    expect(html).not.toContain('noindex');
  });

  it('carries remotes.json and the page’s manifests as data, which nothing in them can close', () => {
    const html = pageDocument(product);
    const block = /<script type="application\/json" id="maison-federation-data">(.*?)<\/script>/.exec(html)?.[1];
    expect(JSON.parse(block!)).toEqual(product.federationData);
    expect(block).not.toContain('</script>');
    expect(html).not.toContain('fetch:');
  });

  it('carries structured data in a data block nothing in it can close', () => {
    const html = pageDocument(product);
    const block = /<script type="application\/ld\+json">(.*?)<\/script>/.exec(html)?.[1];
    expect(JSON.parse(block!)).toEqual(product.head.structuredData);
    expect(block).not.toContain('</script>');
  });

  it('keeps a not-found page out of search results: no canonical URL, noindex', () => {
    const html = pageDocument({ ...product, head: { title: 'Oops! Page not found — Maison Khăn', notFound: true } });
    expect(html).toContain('<meta name="robots" content="noindex">');
    expect(html).not.toContain('canonical');
    expect(html).not.toContain('hreflang');
    expect(html).not.toContain('og:url');
    expect(html).toContain('<meta property="og:type" content="website">');
  });

  it('moves React’s image preloads from the markup to the head, and marks the root as rendered', () => {
    const html = pageDocument({ ...product, markup: '<link rel="preload" as="image" href="/a.svg"/><main>shop</main>' });
    expect(html).toContain('<link rel="preload" as="image" href="/a.svg"/><link rel="preload" as="script" fetchpriority="low"');
    expect(html).toContain('<div id="root" data-rendered><main>shop</main></div>');
  });

  it('escapes the title and the stamp', () => {
    const html = pageDocument({ ...product, head: { title: '<script>x</script>' }, stamp: { host: '"<b>', remotes: {} } });
    expect(html).toContain('<title>&lt;script&gt;x&lt;/script&gt;</title>');
    expect(html).toContain('content="{&quot;host&quot;:&quot;\\&quot;&lt;b&gt;&quot;,&quot;remotes&quot;:{}}"');
    expect(jsonForScript({ a: '</script>&' })).toBe('{"a":"\\u003c/script\\u003e\\u0026"}');
  });
});
