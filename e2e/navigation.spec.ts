/**
 * What the servers answer, over HTTP, on whichever runs the suite: `npm run serve` (Node) or
 * nginx in front of the same answerer (E2E_SERVER=nginx). First a table written from the product
 * documents: a request in, what a shopper, a crawler or an attacker must get out. Then every
 * route and 200+ hostile paths, in each language: the server's answer must be exactly what the
 * answerer function (@maison/deploy) answers for the same request in this process, so nothing in
 * front of it (nginx, Node's server) adds, drops or changes a rule. HTTP only: no browser.
 */
import path from 'node:path';
import { test, expect, type APIRequestContext, type APIResponse } from '@playwright/test';
import { createAnswerer, LOCAL_ENVIRONMENT_DIR, refusal, refusedLanguage, refusedTarget, watchEnvironment } from '@maison/deploy';
import { APPS, HOST_APP, isHostApp } from '../apps.mts';
import { originOf, policyOrigins, REMOTE_ORIGINS } from './fixtures';
import { checkAddressTable } from './addressTable';
import { hostilePaths } from './hostilePaths';

const HOST = originOf('host');
const root = path.join(__dirname, '..');
const NAVIGATION = { accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8' };

async function get(request: APIRequestContext, url: string, headers: Record<string, string> = {}, method = 'GET'): Promise<APIResponse> {
  return request.fetch(url, { method, headers, maxRedirects: 0 });
}

const title = (html: string) => /<title>([^<]*)<\/title>/.exec(html)?.[1];

test.describe('what the servers answer @smoke', () => {
  test('the table of addresses npm start, npm run serve and nginx all answer alike', async ({ request }) => {
    await checkAddressTable(request, HOST);
  });

  test('the pages a shopper and a crawler meet', async ({ request }) => {
    // The address says the language: a crawler carries no cookie, and a cookie changes nothing.
    const home = await get(request, `${HOST}/vi/`, NAVIGATION);
    expect(home.status()).toBe(200);
    const homeHtml = await home.text();
    expect(homeHtml).toMatch(/<html[^>]* lang="?vi/);
    expect(homeHtml).toContain('<main');
    expect(home.headers()['cache-control']).toBe('public, max-age=0, must-revalidate, s-maxage=10, stale-while-revalidate=60');
    expect(home.headers()['vary']).toBe('Accept-Encoding');
    expect(home.headers()['set-cookie']).toBeUndefined();
    const english = await get(request, `${HOST}/`, { ...NAVIGATION, cookie: 'maison_lang=vi' });
    expect(await english.text()).toMatch(/<html[^>]* lang="?en/);
    expect(policyOrigins(home.headers()['content-security-policy'], 'script-src')).toBe(
      `'self' ${Object.values(REMOTE_ORIGINS).sort().join(' ')}`,
    );

    // curl and link previews send no Accept: they get the page too.
    const product = await get(request, `${HOST}/products/hoi-an-handkerchief`);
    expect([product.status(), title(await product.text())]).toEqual([200, 'Hoi An Handkerchief — Maison Khăn']);

    const moved = await get(request, `${HOST}/product/2`, NAVIGATION);
    expect([moved.status(), moved.headers()['location']]).toEqual([301, '/products/hoan-kiem-lake-handkerchief?variant=2']);
    const movedVi = await get(request, `${HOST}/vi/product/2`, NAVIGATION);
    expect([movedVi.status(), movedVi.headers()['location']]).toEqual([301, '/vi/products/hoan-kiem-lake-handkerchief?variant=2']);

    // A query asks for a view: the page arrives rendered showing it, in the address's language.
    for (const [url, shows] of [
      ['/products?sort=price-asc', /Khăn tay Chùa Một Cột[\s\S]*Khăn tay Hồ Hoàn Kiếm/],
      ['/products/hoi-an-handkerchief?variant=6', /aria-pressed="true" aria-label="Sông Thu Bồn/],
    ] as const) {
      const view = await get(request, `${HOST}/vi${url}`, NAVIGATION);
      expect(view.status(), url).toBe(200);
      const html = await view.text();
      expect(html, url).toMatch(/<html[^>]* lang="?vi/);
      expect(html, url).toMatch(shows);
    }
    // The personal pages are published with their frame, the same for everyone: the stored cart fills in later.
    const cart = await get(request, `${HOST}/vi/cart`, { ...NAVIGATION, cookie: 'maison_lang=en' });
    expect(cart.status()).toBe(200);
    expect(cart.headers()['cache-control']).toBe(home.headers()['cache-control']);
    const cartHtml = await cart.text();
    expect(cartHtml).toMatch(/<html[^>]* lang="?vi/);
    expect(cartHtml).toContain('<main');

    const missing = await get(request, `${HOST}/nowhere/x`, NAVIGATION);
    const missingHtml = await missing.text();
    expect([missing.status(), title(missingHtml)]).toEqual([404, 'Oops! Page not found — Maison Khăn']);
    expect(missingHtml).toContain('/nowhere/x');

    // The slug is shown as text: escaped, never markup.
    const payload = '<img src=x onerror=alert(1)>';
    const unknown = await get(request, `${HOST}/vi/products/${payload}`, NAVIGATION);
    const unknownHtml = await unknown.text();
    expect([unknown.status(), title(unknownHtml)]).toEqual([404, 'Không tìm thấy sản phẩm — Maison Khăn']);
    expect(unknownHtml).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(unknownHtml).not.toContain(payload);
  });

  test('what is never handed out, and what is refused before any rule runs', async ({ request }) => {
    for (const file of [
      '/routes.json',
      '/page-shell.json',
      '/mf-manifest-stats.json',
      '/.git/config',
      '/.env',
      '/current/render.json',
      '/main.js.map',
      '/package.json',
    ]) {
      // A file name gets a plain 404; a path without a dot is a page request, whatever it accepts: the 404 page.
      const answer = await get(request, `${HOST}${file}`, { accept: 'application/json' });
      const text = await answer.text();
      expect([file, answer.status()]).toEqual([file, 404]);
      expect(text === 'Not found\n' || /<h1[^>]*>Oops! Page not found<\/h1>/.test(text), file).toBe(true);
    }
    // A refusal a shopper can meet is a small page of the shop's, in the address's language, that leads home.
    for (const [target, status, language, title] of [
      ['/%zz', 400, 'en', 'Bad request'],
      ['/%E0%A4%A', 400, 'en', 'Bad request'],
      ['/vi/%ZZ%00', 400, 'vi', 'Yêu cầu không hợp lệ'],
      ['/a%00b', 400, 'en', 'Bad request'],
      [`/${'/'.repeat(15_000)}`, 414, 'en', 'Address too long'],
      [`/vi/${'a'.repeat(9000)}`, 414, 'vi', 'Địa chỉ quá dài'],
    ] as const) {
      const answer = await get(request, `${HOST}${target}`, NAVIGATION);
      const text = await answer.text();
      expect([target.slice(0, 20), answer.status()]).toEqual([target.slice(0, 20), status]);
      expect(text, target.slice(0, 20)).toMatch(
        new RegExp(`<html lang="${language}">.*<h1>${title}</h1>.*<a href="${language === 'vi' ? '/vi/' : '/'}">`),
      );
      expect(answer.headers()['content-type']).toBe('text/html; charset=utf-8');
      expect(answer.headers()['content-security-policy']).toMatch(/^default-src 'none'; style-src 'sha256-[^']+'; base-uri 'none'/);
    }
    const cookie = await get(request, `${HOST}/vi/products`, { ...NAVIGATION, cookie: `a=${'v'.repeat(9000)}` });
    expect(cookie.status()).toBe(431);
    expect(await cookie.text()).toContain('<h1>Yêu cầu quá lớn</h1>');
    const post = await get(request, `${HOST}/`, NAVIGATION, 'POST');
    expect([post.status(), post.headers()['allow']]).toEqual([405, 'GET, HEAD']);
  });

  test('crawlers get the published sitemap and robots.txt', async ({ request }) => {
    const sitemap = await get(request, `${HOST}/sitemap.xml`);
    expect([sitemap.status(), sitemap.headers()['content-type'], sitemap.headers()['cache-control']]).toEqual([
      200,
      'application/xml; charset=utf-8',
      'public, max-age=0, must-revalidate, s-maxage=10, stale-while-revalidate=60',
    ]);
    const listed = await sitemap.text();
    for (const loc of [
      'http://localhost:3000/products/hoi-an-handkerchief',
      'http://localhost:3000/vi/products/hoi-an-handkerchief',
      'http://localhost:3000/vi/',
    ])
      expect(listed).toContain(`<loc>${loc}</loc>`);
    expect(listed).toContain('<xhtml:link rel="alternate" hreflang="vi" href="http://localhost:3000/vi/about"/>');
    const robots = await (await get(request, `${HOST}/robots.txt`)).text();
    expect(robots).toContain('Sitemap: http://localhost:3000/sitemap.xml');
    expect(robots).toContain('Disallow: /vi/cart');
  });
});

/** Real routes and the cases around them; every one also at its Vietnamese address. */
const ROUTES = [
  '/',
  '/products',
  '/products/',
  '/products//',
  '/products/hoi-an-handkerchief',
  '/products/hoi-an-handkerchief/',
  '/about',
  '/contact',
  '/cart',
  '/checkout',
  '/profile',
  '/?',
  '/products?sort=price-asc&view=list',
  '/products/hoi-an-handkerchief?variant=6',
  '/cart?x=1',
  '/product/2',
  '/product/2/',
  '/product/99',
  '/products/nope',
  '/nowhere',
  '/index',
  '/_not-found',
  '/pages/en/index.html',
  '/current/render.json',
  '/PRODUCTS/hoi-an-handkerchief',
  '/%61bout',
  '/products%3Fsort=x',
  '/products/a&b',
  '/products/x%3Fy',
  '//',
];
/** Each path at its English address and its Vietnamese one. */
const LANGUAGE_PREFIXES = ['', '/vi'];
/** Headers a server adds of its own, which say nothing of the shop's rules. */
const CONNECTION_HEADERS = new Set(['date', 'server', 'connection', 'keep-alive', 'transfer-encoding']);

test.describe('the server in front changes nothing @smoke', () => {
  test('every route and 200+ hostile paths, at each language’s address: the answerer’s answer, exactly', async ({ request }) => {
    test.setTimeout(180_000);
    const environment = watchEnvironment(path.join(root, LOCAL_ENVIRONMENT_DIR), { log: () => {} });
    const answerer = createAnswerer({
      app: { isHost: true, dist: path.join(root, HOST_APP.dir, 'dist') },
      environment,
      log: () => {},
    });
    const expectedFor = async (target: string, headers: Record<string, string>) => {
      const refused = refusedTarget(target);
      if (refused) {
        const { headers: refusedHeaders, text } = refusal(refused, false, refusedLanguage(target));
        return {
          status: refused,
          headers: Object.fromEntries(Object.entries(refusedHeaders).map(([name, value]) => [name.toLowerCase(), value])),
          body: text,
        };
      }
      const answered = await answerer.answer(new Request(`${HOST}${target}`, { headers }));
      return { status: answered.status, headers: Object.fromEntries(answered.headers), body: await answered.text() };
    };
    const statuses: Record<number, number> = {};
    const cases = [...ROUTES, ...hostilePaths()].flatMap((asked) => LANGUAGE_PREFIXES.map((prefix) => ({ asked: `${prefix}${asked}` })));
    for (let start = 0; start < cases.length; start += 16) {
      await Promise.all(
        cases.slice(start, start + 16).map(async ({ asked }) => {
          const sent = new URL(`${HOST}${asked}`);
          const target = `${sent.pathname}${sent.search}`;
          const headers = { ...NAVIGATION, 'accept-encoding': 'identity' };
          const label = `${JSON.stringify(asked)} (sent ${target})`;
          const [answered, expected] = await Promise.all([get(request, sent.href, headers), expectedFor(target, headers)]);
          expect(answered.status(), label).toBe(expected.status);
          expect(await answered.text(), label).toBe(expected.body);
          const served = Object.fromEntries(Object.entries(answered.headers()).filter(([name]) => !CONNECTION_HEADERS.has(name)));
          const { 'content-length': _length, ...rest } = expected.headers;
          expect(served, label).toMatchObject(rest);
          statuses[expected.status] = (statuses[expected.status] ?? 0) + 1;
        }),
      );
    }
    // Each kind of answer was met: the comparison cannot pass by never leaving one kind.
    for (const status of [200, 301, 400, 404]) expect(statuses[status], `answers with ${status}`).toBeGreaterThan(0);
    console.log(`[navigation] ${cases.length} answers: ${JSON.stringify(statuses)}`);
  });

  test('every remote answers its files as the answerer does, to any origin', async ({ request }) => {
    for (const app of APPS.filter((entry) => !isHostApp(entry))) {
      const answerer = createAnswerer({
        app: { isHost: false, dist: path.join(root, app.dir, 'dist') },
        environment: watchEnvironment(path.join(root, LOCAL_ENVIRONMENT_DIR), { log: () => {} }),
      });
      for (const file of ['/mf-manifest.json', '/remoteEntry.js', '/products', '/missing.0123456789.js']) {
        const headers = { accept: file === '/products' ? NAVIGATION.accept : '*/*', 'accept-encoding': 'gzip' };
        const [answered, expected] = await Promise.all([
          get(request, `${originOf(app.name as 'cart')}${file}`, headers),
          answerer
            .answer(new Request(`http://x${file}`, { headers }))
            .then(({ status, headers }) => ({ status, headers: Object.fromEntries(headers) })),
        ]);
        expect([app.name, file, answered.status()]).toEqual([app.name, file, expected.status]);
        expect(answered.headers()['access-control-allow-origin']).toBe('*');
        expect(answered.headers()['content-security-policy']).toBe(expected.headers['content-security-policy']);
        expect(answered.headers()['etag']).toBe(expected.headers.etag);
      }
      expect(
        (await get(request, `${originOf(app.name as 'cart')}/mf-manifest-stats.json`)).status(),
        'the build’s stats for its tools',
      ).toBe(404);
    }
  });
});
