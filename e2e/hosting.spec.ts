/**
 * Production hosting, checked against whichever server runs the suite: `npm run serve` (Node)
 * or nginx in front of the same answerer (E2E_SERVER=nginx): headers for every origin and kind
 * of file, a fallback that always ends in the shop, and a strict Content-Security-Policy every
 * page runs under (deploy/src/answer).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { APIRequestContext, Page } from '@playwright/test';
import {
  CACHE_CONTROL,
  ENVIRONMENT_FILE,
  FILE_POLICY,
  GENERATION_FILE,
  LOCAL_ENVIRONMENT_DIR,
  pagePolicy,
  refusedTarget,
  securityHeaders,
  servedRemotes,
} from '@maison/deploy';
import type { RenderRecord } from '@maison/host/contract';
import { normalPath } from '@maison/shared/address';
import { routeFor } from '../host/src/routes';
import { test, expect, originOf, REMOTE_ORIGINS } from './fixtures';
import { hostilePaths } from './hostilePaths';

const HOST = originOf('host');
const ENVIRONMENT = path.join(__dirname, '..', LOCAL_ENVIRONMENT_DIR);
/**
 * A page runs under the shop's policy, which names the remotes' origins and the hashes of the code
 * the served generation's pages carry (its render record); every other answer under one that allows
 * nothing. Read when a test runs: the servers publish the generation as they start.
 */
const pageHeaders = () => {
  const remotesJson = readFileSync(path.join(ENVIRONMENT, ENVIRONMENT_FILE.remotes), 'utf8');
  const render = JSON.parse(readFileSync(path.join(ENVIRONMENT, ENVIRONMENT_FILE.current, GENERATION_FILE.render), 'utf8')) as RenderRecord;
  expect(render.inline?.scripts, 'the boot script rendered pages carry').toHaveLength(1);
  return securityHeaders(pagePolicy(servedRemotes(remotesJson), render.inline));
};
const FILE_HEADERS = securityHeaders(FILE_POLICY);
const NAVIGATION = { accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8' };

async function distFile(request: APIRequestContext, origin: string, pattern: RegExp): Promise<string> {
  // The page and manifests name the hashed files, so the test never hard-codes a hash.
  const listing =
    origin === HOST
      ? await (await request.get(`${HOST}/index.html`)).text()
      : await (await request.get(`${origin}/mf-manifest.json`)).text();
  const file = listing.match(pattern)?.[0];
  expect(file, `a file matching ${pattern} at ${origin}`).toBeTruthy();
  return file!.replace(/^\/+/, '');
}

type Kind = { name: string; url: string; accept?: string; status: number; cache: string; cors: boolean; type: RegExp };

async function filesToCheck(request: APIRequestContext): Promise<Kind[]> {
  const hostChunk = await distFile(request, HOST, /\/?main\.[0-9a-f]{10}\.js/);
  const hostCss = await distFile(request, HOST, /\/?styles\.[0-9a-f]{10}\.css/);
  const kinds: Kind[] = [
    {
      name: 'host page',
      url: `${HOST}/`,
      accept: NAVIGATION.accept,
      status: 200,
      cache: CACHE_CONTROL.page,
      cors: false,
      type: /text\/html/,
    },
    {
      name: 'host rendered page in Vietnamese',
      url: `${HOST}/vi/products/hoi-an-handkerchief`,
      accept: NAVIGATION.accept,
      status: 200,
      cache: CACHE_CONTROL.page,
      cors: false,
      type: /text\/html/,
    },
    {
      name: 'host rendered page',
      url: `${HOST}/products/hoi-an-handkerchief`,
      accept: NAVIGATION.accept,
      status: 200,
      cache: CACHE_CONTROL.page,
      cors: false,
      type: /text\/html/,
    },
    {
      name: 'host page rendered in the browser',
      url: `${HOST}/cart`,
      accept: NAVIGATION.accept,
      status: 200,
      cache: CACHE_CONTROL.page,
      cors: false,
      type: /text\/html/,
    },
    {
      name: 'host unknown product',
      url: `${HOST}/products/v1.2`,
      accept: NAVIGATION.accept,
      status: 404,
      cache: CACHE_CONTROL.page,
      cors: false,
      type: /text\/html/,
    },
    { name: 'host chunk', url: `${HOST}/${hostChunk}`, status: 200, cache: CACHE_CONTROL.hashed, cors: false, type: /javascript/ },
    { name: 'host styles', url: `${HOST}/${hostCss}`, status: 200, cache: CACHE_CONTROL.hashed, cors: false, type: /text\/css/ },
    { name: 'remotes.json', url: `${HOST}/remotes.json`, status: 200, cache: CACHE_CONTROL.uncached, cors: false, type: /json/ },
    { name: 'host image', url: `${HOST}/favicon.svg`, status: 200, cache: CACHE_CONTROL.other, cors: false, type: /image\/svg\+xml/ },
    { name: 'host missing asset', url: `${HOST}/missing.0123456789.js`, status: 404, cache: 'no-cache', cors: false, type: /text\/plain/ },
    { name: 'host source map', url: `${HOST}/${hostChunk}.map`, status: 404, cache: 'no-cache', cors: false, type: /text\/plain/ },
  ];
  for (const [remote, origin] of Object.entries(REMOTE_ORIGINS)) {
    const chunk = await distFile(request, origin, /[\w-]+\.[0-9a-f]{10}\.js/);
    kinds.push(
      {
        name: `${remote} entry`,
        url: `${origin}/remoteEntry.js`,
        status: 200,
        cache: CACHE_CONTROL.uncached,
        cors: true,
        type: /javascript/,
      },
      {
        name: `${remote} manifest`,
        url: `${origin}/mf-manifest.json`,
        status: 200,
        cache: CACHE_CONTROL.uncached,
        cors: true,
        type: /json/,
      },
      { name: `${remote} chunk`, url: `${origin}/${chunk}`, status: 200, cache: CACHE_CONTROL.hashed, cors: true, type: /javascript/ },
      { name: `${remote} source map`, url: `${origin}/${chunk}.map`, status: 404, cache: 'no-cache', cors: true, type: /text\/plain/ },
      {
        name: `${remote} navigation`,
        url: `${origin}/products`,
        accept: NAVIGATION.accept,
        status: 404,
        cache: 'no-cache',
        cors: true,
        type: /text\/plain/,
      },
    );
  }
  kinds.push({
    name: 'catalog image',
    url: `${REMOTE_ORIGINS.catalog}/images/hoi-an-old-town.svg`,
    status: 200,
    cache: CACHE_CONTROL.other,
    cors: true,
    type: /image\/svg\+xml/,
  });
  return kinds;
}

test.describe('hosting rules @smoke', () => {
  test('every origin and kind of file gets the security headers, its cache rule and CORS only where needed', async ({ request }) => {
    for (const kind of await filesToCheck(request)) {
      const response = await request.get(kind.url, { headers: { accept: kind.accept ?? '*/*', 'accept-encoding': 'gzip' } });
      const headers = response.headers();
      expect(response.status(), kind.name).toBe(kind.status);
      const expected = /^text\/html/.test(headers['content-type'] ?? '') ? pageHeaders() : FILE_HEADERS;
      for (const [name, value] of Object.entries(expected)) expect(headers[name.toLowerCase()], `${kind.name}: ${name}`).toBe(value);
      expect(headers['cache-control'], `${kind.name}: Cache-Control`).toBe(kind.cache);
      expect(headers['access-control-allow-origin'], `${kind.name}: CORS`).toBe(kind.cors ? '*' : undefined);
      expect(headers['content-type'], `${kind.name}: Content-Type`).toMatch(kind.type);
      expect(headers['x-powered-by'], `${kind.name}: X-Powered-By`).toBeUndefined();
    }
  });

  // Every page arrives rendered, the shopper's own and an address with a query included: its HTML
  // names what its first view needs, so it gets no hint (only a page rendered in the browser,
  // when it could not be rendered, is hinted: deploy/src/answer/pages.ts).
  test('rendered pages name their scripts in their HTML, whatever their query', async ({ request }) => {
    const answerAt = async (path: string) => {
      const page = await request.get(`${HOST}${path}`, { headers: NAVIGATION });
      return { link: page.headers()['link'], text: await page.text() };
    };
    for (const path of [
      '/cart',
      '/checkout',
      '/products',
      '/products/hoi-an-handkerchief',
      '/profile',
      '/vi/profile',
      '/about',
      '/nowhere',
      // Addresses with a query arrive rendered too: the view they ask for, or the page as published.
      '/checkout?step=1',
      '/products?sort=price-asc',
      '/profile?tab=orders',
      '/about?from=mail',
    ]) {
      const { link, text } = await answerAt(path);
      expect(link, path).toBeUndefined();
      expect(text, path).toContain('id="maison-federation-data"');
    }
  });

  test('scripts, styles, data and pages are compressed (brotli where the browser takes it)', async ({ request }) => {
    const chunk = await distFile(request, HOST, /\/?main\.[0-9a-f]{10}\.js/);
    for (const url of [
      `${HOST}/${chunk}`,
      `${REMOTE_ORIGINS.catalog}/remoteEntry.js`,
      `${REMOTE_ORIGINS.catalog}/mf-manifest.json`,
      `${HOST}/products`,
    ]) {
      for (const encoding of ['gzip', 'br'])
        expect(
          (await request.get(url, { headers: { 'accept-encoding': encoding, ...NAVIGATION } })).headers()['content-encoding'],
          url,
        ).toBe(encoding);
    }
  });

  test('a navigation to any path that is not a file gets a page of the shop; a missing file is a real 404', async ({ request }) => {
    const outcomes: Record<string, number> = {};
    for (const hostile of hostilePaths()) {
      const page = await request.get(`${HOST}${hostile}`, { headers: NAVIGATION, maxRedirects: 0 });
      const body = await page.text();
      // A rendered page, the 404 pages (an unknown path or product), a legacy link's redirect, or
      // the shop's page rendered in the browser; a malformed path (undecodable, or `..` above the
      // root) is refused by both servers (deploy/src/answer/refusal.ts) with a small page in
      // the address's language that leads home.
      const sent = new URL(`${HOST}${hostile}`);
      if (refusedTarget(`${sent.pathname}${sent.search}`)) {
        const inVietnamese = /^\/vi(\/|$)/.test(sent.pathname);
        const refusedPage = inVietnamese
          ? /<html lang="vi">.*<h1>Yêu cầu không hợp lệ<\/h1>.*<a href="\/vi\/">Về trang chủ<\/a>/
          : /<html lang="en">.*<h1>Bad request<\/h1>.*<a href="\/">Return to Home<\/a>/;
        expect([hostile, page.status()], 'refused').toEqual([hostile, 400]);
        expect(body, hostile).toMatch(refusedPage);
        continue;
      }
      const status = [200, 404].includes(page.status()) ? 'ok' : `HTTP ${page.status()}`;
      // An address a cache would read as another goes to its normal form, on the shop.
      const normal = `${normalPath(sent.pathname)}${sent.search}`;
      const moved =
        page.status() === 301 && (page.headers()['location']?.startsWith('/products/') || page.headers()['location'] === normal);
      const isPage = /<div id="?root"?[ >]/.test(body) || moved;
      const verdict = (status === 'ok' || page.status() === 301) && isPage ? 'shell' : `${status}, ${body.slice(0, 40)}`;
      outcomes[verdict] = (outcomes[verdict] ?? 0) + 1;
      expect(verdict, `navigation to ${JSON.stringify(hostile)}`).toBe('shell');
    }
    for (const missing of ['/missing.js', '/products/x.json', '/assets/nothing.0123456789.svg']) {
      const asset = await request.get(`${HOST}${missing}`, { headers: { accept: '*/*' } });
      expect(asset.status(), missing).toBe(404);
      expect(await asset.text()).not.toContain('<div id=root>');
    }
  });
});

/** The shell's landmarks and the main heading, as a shopper sees them. */
async function mainHeading(page: Page): Promise<string> {
  await expect(page.getByRole('banner')).toBeVisible();
  await expect(page.getByRole('contentinfo')).toBeVisible();
  const heading = page.getByRole('main').getByRole('heading', { level: 1 }).first();
  await expect(heading).toBeVisible();
  return (await heading.textContent())?.trim() ?? '';
}

test.describe('strict Content-Security-Policy @smoke', () => {
  const ROUTES = [
    '/',
    '/products',
    '/products/hoi-an-handkerchief',
    '/product/9',
    '/cart',
    '/checkout',
    '/profile',
    '/about',
    '/contact',
    '/nowhere',
  ];

  test('every route renders, styled, under the policy the server sends, with no violation', async ({ page }) => {
    for (const route of ROUTES) {
      const response = await page.goto(route);
      expect(response?.headers()['content-security-policy'], route).toBe(pageHeaders()['Content-Security-Policy']);
      expect(await mainHeading(page), route).not.toBe('');
      // Styled from the builds' CSS files, carried in the page (each <style> names its file) or
      // linked: the shell's layout styles apply, and no other <style> element exists.
      expect(await page.locator('style:not([data-href$=".css"])').count(), `${route}: inline <style> elements`).toBe(0);
      expect(await page.getByRole('banner').evaluate((header) => getComputedStyle(header).position), route).toBe('fixed');
    }
    // The fixture fails the test on any securitypolicyviolation event.
  });
});

// In Chromium against `npm run serve`; nginx's answers to the same paths are checked against
// the same rules over HTTP (e2e/navigation.spec.ts), which is what makes this hold there too.
test.describe('hostile and mistyped paths', () => {
  const NOT_FOUND = 'Oops! Page not found';
  const PRODUCT_NOT_FOUND = 'Product not found';
  // What each route's page shows as its heading when opened with nothing stored; a few hostile
  // paths are real routes once the browser normalises them ('/cart//', '/products/..').
  const HEADINGS: Record<string, string[]> = {
    '/': ['Maison Khăn'],
    '/products': ['Products'],
    '/products/:slug': [PRODUCT_NOT_FOUND],
    '/product/:id': [PRODUCT_NOT_FOUND],
    '/cart': ['Your cart is empty'],
    '/checkout': ['Your cart is empty'],
    '/profile': ['My Account'],
    '/about': ['About Maison Khăn'],
    '/contact': ['Contact'],
    '*': [NOT_FOUND],
  };

  /** A product page a hostile path names once normalised (`/products//hoi-an-handkerchief`). */
  const PRODUCT_PAGES: Record<string, string> = { '/products/hoi-an-handkerchief': 'Hoi An Handkerchief' };

  /** What the shop must show for a path, given how the browser and then the server normalise it: the route table decides. */
  function expectedHeadings(hostile: string): string[] {
    const normal = normalPath(new URL(`${HOST}${hostile}`).pathname);
    const product = PRODUCT_PAGES[normal.replace(/\/+$/, '')];
    if (product) return [product];
    return HEADINGS[routeFor(normal).path] ?? [];
  }

  // In the browser, every handwritten path and the first 40 generated ones (98 in all): the
  // servers' answers to all 218 are checked over HTTP, at both languages' addresses and under
  // both servers (navigation.spec.ts), and each page load here costs the browser stage half a
  // second. In two parts, so the stage's workers share them.
  const PARTS = 2;
  for (let part = 0; part < PARTS; part += 1) {
    test(`the seeded paths, part ${part + 1} of ${PARTS}: each ends in the shop with the 404 or Product not found page, and runs no script`, async ({
      page,
      consoleErrors,
    }) => {
      test.setTimeout(300_000);
      const dialogs: string[] = [];
      page.on('dialog', (dialog) => {
        dialogs.push(dialog.message());
        void dialog.dismiss();
      });
      const all = hostilePaths(undefined, 40);
      expect(all.length).toBeGreaterThanOrEqual(90);
      const paths = all.filter((_path, index) => index % PARTS === part);
      const outcomes: Record<string, number> = {};
      for (const hostile of paths) {
        const response = await page.goto(`${HOST}${hostile}`);
        const sent = new URL(`${HOST}${hostile}`);
        if (refusedTarget(`${sent.pathname}${sent.search}`)) {
          expect([hostile, response?.status()]).toEqual([hostile, 400]);
          // The refusal is a page of the shop's that leads home, in the address's language.
          await expect(page.getByRole('heading', { level: 1 }), hostile).toHaveText(/^(Bad request|Yêu cầu không hợp lệ)$/);
          await expect(page.getByRole('link', { name: /^(Return to Home|Về trang chủ)$/ }), hostile).toHaveAttribute('href', /^\/(vi\/)?$/);
          outcomes['refused'] = (outcomes['refused'] ?? 0) + 1;
          continue;
        }
        const heading = await mainHeading(page);
        outcomes[heading] = (outcomes[heading] ?? 0) + 1;
        expect(expectedHeadings(hostile), `${JSON.stringify(hostile)} showed "${heading}"`).toContain(heading);
        expect(await page.evaluate(() => (window as unknown as { __pwned?: unknown }).__pwned), hostile).toBeUndefined();
      }
      expect(dialogs, 'dialogs opened by a payload').toEqual([]);
      console.log(`[fuzz] ${paths.length} paths: ${JSON.stringify(outcomes)}`);
      consoleErrors.length = 0;
    });
  }
});
