/**
 * One table of requests and what each must get, written from the product documents, that
 * `npm start`, `npm run serve` and nginx in front of it must all answer alike: redirects, the
 * not-found pages in their language, the language's addresses, every page arriving rendered
 * (its heading in the HTML), what crawlers read, the policy, the refusals. HTTP only.
 */
import { expect, type APIRequestContext } from '@playwright/test';

const NAVIGATION = { accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8' };
const PAGE_CACHE = 'public, max-age=0, must-revalidate, s-maxage=10, stale-while-revalidate=60';

interface Expected {
  status: number;
  /** For a page: its language and the text of its first heading, in the HTML as sent. */
  page?: { lang: 'en' | 'vi'; h1: string };
  location?: string;
  type?: string;
}

export const ADDRESS_TABLE: Array<[string, Expected]> = [
  ['/', { status: 200, page: { lang: 'en', h1: 'Maison Khăn' } }],
  ['/vi/', { status: 200, page: { lang: 'vi', h1: 'Maison Khăn' } }],
  ['/vi', { status: 301, location: '/vi/' }],
  ['/products', { status: 200, page: { lang: 'en', h1: 'Products' } }],
  ['/vi/products', { status: 200, page: { lang: 'vi', h1: 'Sản phẩm' } }],
  ['/products/hoan-kiem-lake-handkerchief', { status: 200, page: { lang: 'en', h1: 'Hoan Kiem Lake Handkerchief' } }],
  ['/vi/products/hoan-kiem-lake-handkerchief', { status: 200, page: { lang: 'vi', h1: 'Khăn tay Hồ Hoàn Kiếm' } }],
  ['/product/1', { status: 301, location: '/products/hoan-kiem-lake-handkerchief?variant=1' }],
  ['/vi/product/1', { status: 301, location: '/vi/products/hoan-kiem-lake-handkerchief?variant=1' }],
  ['/products/no-such-thing', { status: 404, page: { lang: 'en', h1: 'Product not found' } }],
  ['/nowhere', { status: 404, page: { lang: 'en', h1: 'Oops! Page not found' } }],
  ['/vi/nowhere', { status: 404, page: { lang: 'vi', h1: 'Rất tiếc! Không tìm thấy trang' } }],
  ['/cart', { status: 200, page: { lang: 'en', h1: 'Your cart is empty' } }],
  ['/vi/checkout', { status: 200, page: { lang: 'vi', h1: 'Giỏ hàng của bạn đang trống' } }],
  ['/about', { status: 200, page: { lang: 'en', h1: 'About Maison Khăn' } }],
  ['/sitemap.xml', { status: 200, type: 'application/xml; charset=utf-8' }],
  ['/robots.txt', { status: 200, type: 'text/plain; charset=utf-8' }],
  ['/%E0%A4%A', { status: 400, page: { lang: 'en', h1: 'Bad request' } }],
  ['/vi/%ZZ%00', { status: 400, page: { lang: 'vi', h1: 'Yêu cầu không hợp lệ' } }],
  // An address a cache reads as another goes to that one, on the shop, and is kept by no cache.
  ['//products', { status: 301, location: '/products' }],
  ['/vi//evil.example/', { status: 301, location: '/vi/evil.example/' }],
  ['/vi/%5Cevil.example/?utm_source=x', { status: 301, location: '/vi/evil.example/?utm_source=x' }],
];

const stripTags = (html: string) =>
  html
    .replace(/<[^>]+>/g, '')
    .replace(/\s+/g, ' ')
    .trim();

/** Asks `origin` for every address of the table and checks each answer. */
export async function checkAddressTable(request: APIRequestContext, origin: string): Promise<void> {
  for (const [address, expected] of ADDRESS_TABLE) {
    const answer = await request.fetch(`${origin}${address}`, { headers: NAVIGATION, maxRedirects: 0 });
    const html = await answer.text();
    expect([address, answer.status()]).toEqual([address, expected.status]);
    if (expected.location) expect(answer.headers()['location'], address).toBe(expected.location);
    if (expected.type) expect(answer.headers()['content-type'], address).toBe(expected.type);
    if (!expected.page) continue;
    expect(html, address).toMatch(new RegExp(`<html[^>]* lang="${expected.page.lang}"`));
    const heading = /<h1[^>]*>([\s\S]*?)<\/h1>/.exec(html)?.[1];
    expect(heading === undefined ? undefined : stripTags(heading), `${address}: the page's heading, in its HTML`).toBe(expected.page.h1);
    if (expected.status === 400) continue;
    // A page of the shop: under its policy, the same for everyone, so any cache may keep it.
    expect(answer.headers()['content-security-policy'], address).toMatch(/script-src 'self'/);
    expect(answer.headers()['cache-control'], address).toBe(PAGE_CACHE);
  }
}
