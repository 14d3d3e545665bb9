/**
 * Trust boundaries, tried as an attacker would (docs/operations.md, "Threat model"): a crafted
 * shop link never carries a shopper off the shop, whatever language they stored; an address a
 * cache would read as another is sent to its normal form and never kept; every answer says what
 * it varies on; a method the shop does not serve is refused with the security headers; one
 * client's flood of views leaves another client's views rendered.
 */
import { request as httpRequest } from 'node:http';
import type { Browser, BrowserContext } from '@playwright/test';
import { test, expect, originOf, switchLanguage } from './fixtures';
import { ADDRESS_TABLE } from './addressTable';
import { ownEnvironment } from './ownEnvironment';

const HOST = originOf('host');
const NAVIGATION = 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8';

/** Crafted links: two slashes or a backslash after the prefix, their escapes, control characters, dot segments. */
const HOSTILE_LINKS = [
  '/vi//evil.example/',
  '/vi/\\evil.example/',
  '/vi/%2F%2Fevil.example/',
  '/vi/%5Cevil.example/',
  '/vi/%5C%5Cevil.example/',
  '/vi/%2F/evil.example/',
  '/vi/%09/evil.example/',
  '/vi/%0a//evil.example/',
  '/vi/..//evil.example/',
  '/vi/./%5C/evil.example',
  '//evil.example/',
  '/\\evil.example/',
  '/vi//evil.example/products?next=//evil.example#//evil.example',
  '/vi/product//evil.example',
];

/** A raw HTTP exchange: the target sent as it is, the body as it came (not decompressed). */
function raw(
  target: string,
  headers: Record<string, string> = {},
  method = 'GET',
  localAddress?: string,
): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }> {
  const { hostname, port } = new URL(HOST);
  return new Promise((resolve, reject) => {
    const sent = httpRequest({ hostname, port, path: target, method, headers, ...(localAddress ? { localAddress } : {}) }, (answer) => {
      const chunks: Buffer[] = [];
      answer.on('data', (chunk: Buffer) => chunks.push(chunk));
      answer.on('end', () => resolve({ status: answer.statusCode!, headers: answer.headers, body: Buffer.concat(chunks) }));
    });
    sent.on('error', reject);
    sent.end();
  });
}

/** A context whose shopper stored `language` (or nothing), recording every request that leaves the shop. */
async function shopperWhoChose(browser: Browser, language: string | undefined) {
  const context: BrowserContext = await browser.newContext({ baseURL: HOST });
  const elsewhere: string[] = [];
  await context.route(
    (url) => !['localhost', '127.0.0.1'].includes(url.hostname),
    (route) => {
      elsewhere.push(route.request().url());
      return route.abort();
    },
  );
  await context.addInitScript((stored) => {
    if (!window.location.protocol.startsWith('http')) return;
    window.sessionStorage.setItem('hasVisited', 'true');
    if (stored) window.localStorage.setItem('language', stored);
  }, language);
  return { context, elsewhere, page: await context.newPage() };
}

test.describe('a crafted shop link never leaves the shop', () => {
  for (const stored of ['en', 'vi', undefined]) {
    test(`for a shopper who stored ${stored ?? 'no language'}`, async ({ browser }) => {
      test.setTimeout(120_000);
      const { context, elsewhere, page } = await shopperWhoChose(browser, stored);
      for (const link of HOSTILE_LINKS) {
        // Absolute: the link as sent, not resolved against the test's own base URL.
        await page.goto(`${HOST}${link}`, { waitUntil: 'commit' });
        await expect(page.getByRole('heading', { level: 1 }), link).toBeVisible();
        expect(new URL(page.url()).origin, link).toBe(HOST);
      }
      // The language menu moves to the same page's other address, on the shop.
      await page.goto(`${HOST}/vi//evil.example/`);
      await switchLanguage(page, stored === 'en' ? 'Tiếng Việt' : 'English');
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      expect(new URL(page.url()).origin).toBe(HOST);
      expect(elsewhere).toEqual([]);
      await context.close();
    });
  }

  test('even where a server sends the page at the crafted address as it is', async ({ browser }) => {
    // A server or cache that does not normalise the address: the boot script's language move must hold alone.
    const { context, elsewhere, page } = await shopperWhoChose(browser, 'en');
    await page.route(
      (url) => url.pathname.startsWith('/vi//') || url.pathname.startsWith('/vi/%5C'),
      async (route) => route.fulfill({ response: await route.fetch({ url: `${HOST}/vi/nowhere`, maxRedirects: 0 }) }),
    );
    for (const link of ['/vi//evil.example/', '/vi/%5Cevil.example/', '/vi//evil.example/?next=//x#//y']) {
      await page.goto(`${HOST}${link}`, { waitUntil: 'commit' });
      // Moved to the chosen language's address, on the shop.
      await expect.poll(() => new URL(page.url()).pathname, { message: link }).toMatch(/^\/(?!vi\/)(?![/\\])/);
      expect(new URL(page.url()).origin, link).toBe(HOST);
    }
    expect(elsewhere).toEqual([]);
    await context.close();
  });
});

test.describe('what caches are told @smoke', () => {
  test('an address a cache reads as another is sent, unkept, to its normal form', async () => {
    for (const [target, normal] of [
      ['//products', '/products'],
      ['/products//hoi-an-handkerchief', '/products/hoi-an-handkerchief'],
      ['/vi//evil.example/', '/vi/evil.example/'],
      ['/vi/\\evil.example/', '/vi/evil.example/'],
      ['/vi/%5Cevil.example/?a=1', '/vi/evil.example/?a=1'],
      ['/%70roducts', '/products'],
      ['/products%2Fhoi-an-handkerchief', '/products/hoi-an-handkerchief'],
    ] as const) {
      const answer = await raw(target, { accept: NAVIGATION });
      expect([target, answer.status, answer.headers.location, answer.headers['cache-control']]).toEqual([target, 301, normal, 'no-store']);
    }
  });

  test('every answer that varies with a request header says so, or is kept by no shared cache', async () => {
    const addresses = [
      ...ADDRESS_TABLE.map(([address]) => address),
      '/products?sort=price-desc',
      '/products/v1.2',
      '/nowhere.json',
      '/remotes.json',
      '//products',
    ];
    const sharedKeeps = (cacheControl = '') => !/no-store|private|no-cache/.test(cacheControl) && /public|s-maxage/.test(cacheControl);
    for (const address of addresses) {
      const base = await raw(address, { accept: NAVIGATION, 'accept-encoding': 'br, gzip' });
      const vary = String(base.headers.vary ?? '').toLowerCase();
      const variants: Array<[string, Record<string, string>]> = [
        ['accept-encoding', { accept: NAVIGATION, 'accept-encoding': 'identity' }],
        ['accept-encoding', { accept: NAVIGATION, 'accept-encoding': 'gzip' }],
        ['accept', { accept: '*/*', 'accept-encoding': 'br, gzip' }],
        ['accept', { accept: 'application/json', 'accept-encoding': 'br, gzip' }],
      ];
      for (const [header, headers] of variants) {
        const other = await raw(address, headers);
        const differs =
          other.status !== base.status ||
          other.headers['content-encoding'] !== base.headers['content-encoding'] ||
          !other.body.equals(base.body);
        if (differs && sharedKeeps(String(base.headers['cache-control'])))
          expect(vary, `${address} (${base.status}) differs by ${header} and may be kept`).toContain(header);
      }
    }
  });

  test('a method the shop does not serve is refused with the security headers, never a 500', async () => {
    for (const method of ['TRACE', 'DELETE', 'PUT', 'OPTIONS']) {
      const answer = await raw('/', {}, method);
      expect([method, answer.status]).toEqual([method, 405]);
      expect(answer.headers['content-security-policy'], method).toContain("default-src 'none'");
      expect(answer.headers['x-content-type-options'], method).toBe('nosniff');
      expect(answer.headers['x-frame-options'], method).toBe('DENY');
    }
  });
});

test.describe('rendering on demand is fair @smoke', () => {
  const shop = ownEnvironment('trust', 3620);
  test.beforeAll(async () => {
    test.setTimeout(120_000);
    await shop.start();
  });
  test.afterAll(() => shop.remove());

  test('during one client’s flood of 400 distinct views, another client’s views arrive rendered', async () => {
    test.setTimeout(120_000);
    const { hostname, port } = new URL(shop.origins.host);
    const ask = (target: string, localAddress: string) =>
      new Promise<string>((resolve, reject) => {
        const sent = httpRequest({ hostname, port, path: target, localAddress, headers: { accept: NAVIGATION } }, (answer) => {
          let html = '';
          answer.on('data', (chunk: Buffer) => (html += chunk.toString()));
          answer.on('end', () => resolve(html));
        });
        sent.on('error', reject);
        sent.end();
      });
    // 400 distinct views, 40 at a time, from one client, over and over until the other client is done.
    let sent = 0;
    let otherDone = false;
    const flooder = async () => {
      while (sent < 400 || !otherDone) await ask(`/products?min=${(sent++ % 400) + 1}`, '127.0.0.3');
    };
    const flood = Promise.all(Array.from({ length: 40 }, flooder));
    // Meanwhile another shopper's own views, none of them rendered before.
    const views = [
      '/products?sort=price-desc',
      '/vi/products?sort=price-desc',
      '/products?sort=price-desc&view=list',
      '/products?sort=price-desc&availability=in',
      '/vi/products?sort=price-desc&view=list',
    ];
    const rendered: boolean[] = [];
    for (const view of views) rendered.push((await ask(view, '127.0.0.2')).includes('<div id="root" data-rendered>'));
    otherDone = true;
    await flood;
    expect(rendered).toEqual(views.map(() => true));
  });
});
