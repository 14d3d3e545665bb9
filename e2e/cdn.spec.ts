/**
 * The shop behind a shared cache, as behind a CDN (e2e/cdn.ts: nginx's proxy_cache keyed on the
 * URL alone): a shop of this test's own (ports 3600-3603) served as the stage serves, the cache
 * on 3610. Every visitor of an address gets the same page, so the cache can keep it: Vietnamese
 * and English visitors never get each other's pages through it, nothing personal is ever in it,
 * and a publish reaches visitors through it within the pages' shared max-age.
 */
import type { ChildProcess } from 'node:child_process';
import path from 'node:path';
import { test, expect } from './fixtures';
import { nginxBinary, njsModule, startCdn, type Cdn } from './cdn';
import { ownEnvironment } from './ownEnvironment';
import { deployCommand, serveBuild } from './servers';

const root = path.resolve(__dirname, '..');
const shop = ownEnvironment('cdn', 3600);
const NEW_CATALOG = 'http://localhost:3614/mf-manifest.json';
const HTML = { accept: 'text/html' };
const nginx = nginxBinary();

const langOf = (html: string) => /<html[^>]* lang="?([a-z]+)/.exec(html)?.[1];

test.describe('behind a shared cache (a CDN)', () => {
  test.skip(!nginx, 'nginx not found: the shared cache is nginx (Debian: apt-get install -y nginx)');
  test.describe.configure({ mode: 'serial' });
  let cdn: Cdn;
  let newCatalog: ChildProcess | undefined;

  test.beforeAll(async () => {
    test.setTimeout(120_000);
    await shop.start();
    cdn = await startCdn(nginx!, 3610, 'http://127.0.0.1:3600');
  });

  test.afterAll(async () => {
    await cdn?.stop();
    newCatalog?.kill();
    await shop.remove();
  });

  const viaCdn = (path: string, headers: Record<string, string> = {}) =>
    fetch(`${cdn.origin}${path}`, { headers: { ...HTML, ...headers } });

  test('an address the cache reads as another never leaves a not-found page under a real page’s key', async () => {
    // Before anything is kept: nginx's $uri (the key's path) merges slashes and decodes escapes, so each
    // of these has a real page's key. Sent to that page, not kept: never a 404 under its key.
    for (const crafted of ['//products', '/%70roducts', '/products%2F', '//products//hoi-an-handkerchief']) {
      const answer = await fetch(`${cdn.origin}${crafted}`, { headers: HTML, redirect: 'manual' });
      expect([crafted, answer.status, answer.headers.get('cache-control')]).toEqual([crafted, 301, 'no-store']);
    }
    const page = await viaCdn('/products');
    expect(page.status).toBe(200);
    expect(await page.text()).toMatch(/<html[^>]* lang="en"/);
    const product = await viaCdn('/products//hoi-an-handkerchief');
    expect(product.status).toBe(200);
    expect((await viaCdn('/products/hoi-an-handkerchief')).status).toBe(200);
  });

  test('English and Vietnamese visitors never get each other’s pages through it, whatever they send', async ({ browser }) => {
    for (const [path, language] of [
      ['/products', 'en'],
      ['/vi/products', 'vi'],
    ] as const) {
      const first = await viaCdn(path);
      expect(langOf(await first.text()), path).toBe(language);
      // A second visitor who says the other language every way it can: the same page, from the cache.
      const other = language === 'en' ? 'vi' : 'en';
      const second = await viaCdn(path, { cookie: `maison_lang=${other}; language=${other}`, 'accept-language': other });
      expect(second.headers.get('x-cache'), path).toBe('HIT');
      expect(langOf(await second.text()), path).toBe(language);
      expect(second.headers.get('vary'), path).not.toMatch(/cookie|accept-language/i);
    }
    // In a browser: the shopper who chose Vietnamese opens the English address and reads Vietnamese.
    const context = await browser.newContext({ baseURL: cdn.origin });
    await context.addInitScript(() => {
      sessionStorage.setItem('hasVisited', 'true');
      localStorage.setItem('language', 'vi');
    });
    const page = await context.newPage();
    await page.goto('/products');
    await expect(page).toHaveURL(`${cdn.origin}/vi/products`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sản phẩm');
    await context.close();
  });

  test('keyed as the runbook says: one copy for every campaign’s visitors, and one per view', async () => {
    test.skip(!njsModule(), 'nginx has no JavaScript module to normalise the key (Debian: apt-get install -y libnginx-mod-http-js)');
    const first = await viaCdn('/contact?utm_source=a');
    expect(first.headers.get('x-cache')).toMatch(/MISS|EXPIRED/);
    const page = await first.text();
    for (const campaign of [
      '/contact?utm_source=b',
      '/contact',
      '/contact?gclid=1&utm_medium=email',
      '/contact?fbclid=x&UTM_Campaign=tet',
    ]) {
      const again = await viaCdn(campaign);
      expect([campaign, again.headers.get('x-cache')]).toEqual([campaign, 'HIT']);
      expect(await again.text()).toBe(page);
    }
    const sorted = await viaCdn('/products?view=list&sort=price-asc&utm_source=a');
    expect(sorted.headers.get('x-cache')).toMatch(/MISS|EXPIRED/);
    const sameView = await viaCdn('/products?sort=price-asc&srsltid=z&view=list');
    expect(sameView.headers.get('x-cache')).toBe('HIT');
    expect(await sameView.text()).toContain('aria-pressed="true" aria-label="List view"');
  });

  test('nothing personal is ever in it: one shopper’s cart is not another’s page', async ({ browser }) => {
    const shopper = await browser.newContext({ baseURL: cdn.origin });
    await shopper.addInitScript(() => sessionStorage.setItem('hasVisited', 'true'));
    const page = await shopper.newPage();
    await page.goto('/products/hoi-an-handkerchief');
    await page.getByRole('button', { name: 'ADD TO CART' }).click();
    await page.goto('/cart');
    await expect(page.getByRole('main').getByRole('listitem').filter({ hasText: 'Hoi An Handkerchief' })).toBeVisible();
    await shopper.close();

    for (const path of ['/cart', '/checkout', '/profile', '/vi/cart']) {
      const answer = await viaCdn(path);
      expect(answer.headers.get('set-cookie'), path).toBeNull();
      expect(await answer.text(), path).not.toContain('Hoi An Handkerchief');
    }
    const another = await browser.newContext({ baseURL: cdn.origin });
    await another.addInitScript(() => sessionStorage.setItem('hasVisited', 'true'));
    const theirs = await another.newPage();
    await theirs.goto('/cart');
    await expect(theirs.getByRole('heading', { name: 'Your cart is empty' })).toBeVisible();
    await another.close();
  });

  test('a publish reaches visitors through it within the pages’ shared max-age', async () => {
    test.setTimeout(90_000);
    const path = '/products/hoi-an-handkerchief';
    await viaCdn(path);
    const kept = await viaCdn(path);
    expect(kept.headers.get('x-cache')).toBe('HIT');
    const maxAge = Number(/s-maxage=(\d+)/.exec(kept.headers.get('cache-control') ?? '')?.[1]);
    expect(maxAge).toBeGreaterThan(0);
    expect(await kept.text()).not.toContain('localhost:3614');

    newCatalog = await serveBuild({ build: `${root}/remote-catalog/dist`, port: 3614, remote: true });
    const set = await deployCommand('remotes', shop.env, 'set', 'catalog', NEW_CATALOG);
    expect(set.status, set.output).toBe(0);
    const published = Date.now();
    await expect
      .poll(async () => (await (await viaCdn(path)).text()).includes('localhost:3614'), { timeout: (maxAge + 5) * 1000, intervals: [250] })
      .toBe(true);
    expect(Date.now() - published, 'the new page, through the cache').toBeLessThanOrEqual((maxAge + 2) * 1000);
  });
});
