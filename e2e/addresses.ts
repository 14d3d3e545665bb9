/**
 * One table of requests and what each must get, written from the product documents, that every
 * server of the shop must answer alike (npm start, npm run serve, nginx in front of it, workerd at
 * the edge): redirects, the not-found pages in their language, the language's addresses, every page
 * arriving rendered, what crawlers read, the refusals. Data only: Playwright's checks are
 * addressTable.ts, the edge's jest test compares two servers' answers with it.
 */
export const NAVIGATION = { accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8' };
export const PAGE_CACHE = 'public, max-age=0, must-revalidate, s-maxage=10, stale-while-revalidate=60';

export interface Expected {
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
