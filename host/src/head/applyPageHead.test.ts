/** @jest-environment jsdom */
import { applyPageHead } from './applyPageHead';

const address = { language: 'vi' as const, path: '/products/hoi-an-handkerchief', origin: 'https://shop.example.com' };
const product = {
  title: 'Khăn tay Hội An — Maison Khăn',
  description: 'Đèn lồng Hội An.',
  structuredData: { '@type': 'Product', name: 'Khăn tay Hội An' },
};

function headOf(document: Document) {
  return [...document.head.children].map((element) => element.outerHTML);
}

describe('the head after a navigation', () => {
  beforeEach(() => {
    document.head.innerHTML =
      '<meta charset="utf-8"><title>Oops! Page not found — Maison Khăn</title><meta name="robots" content="noindex"><meta property="og:title" content="Oops!"><link rel="stylesheet" href="/main.css">';
  });

  it('describes the page on screen: no noindex left from the 404 page, its canonical and alternates, Open Graph, JSON-LD', () => {
    applyPageHead(document, product, address);
    expect(document.title).toBe('Khăn tay Hội An — Maison Khăn');
    const head = headOf(document).join('\n');
    expect(head).not.toContain('noindex');
    expect(head).not.toContain('Oops!');
    expect(head).toContain('<link rel="canonical" href="https://shop.example.com/vi/products/hoi-an-handkerchief">');
    expect(head).toContain('<link rel="alternate" hreflang="en" href="https://shop.example.com/products/hoi-an-handkerchief">');
    expect(head).toContain('<link rel="alternate" hreflang="x-default" href="https://shop.example.com/products/hoi-an-handkerchief">');
    expect(head).toContain('<meta property="og:url" content="https://shop.example.com/vi/products/hoi-an-handkerchief">');
    expect(head).toContain('<meta property="og:locale" content="vi_VN">');
    expect(JSON.parse(document.head.querySelector('script[type="application/ld+json"]')!.textContent!)).toEqual(product.structuredData);
    // The shop's own head stays as it was.
    expect(document.head.querySelector('link[rel="stylesheet"]')).not.toBeNull();
  });

  it('keeps a not-found page out of search results, and leaves nothing of the page before', () => {
    applyPageHead(document, product, address);
    applyPageHead(
      document,
      { title: 'Oops! Page not found — Maison Khăn', notFound: true },
      { ...address, language: 'en', path: '/nowhere' },
    );
    const head = headOf(document).join('\n');
    expect(head).toContain('<meta name="robots" content="noindex">');
    expect(head).not.toMatch(/canonical|hreflang|ld\+json|og:url|Hội An/);
  });

  it('changes nothing when the head already says it (a page taken over from its HTML)', () => {
    applyPageHead(document, product, address);
    const before = [...document.head.children];
    applyPageHead(document, product, address);
    expect([...document.head.children]).toEqual(before);
  });
});
