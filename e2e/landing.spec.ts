/**
 * The addresses shoppers land on carry a query: a newsletter's (`?utm_source=`), an ad's
 * (`?gclid=`, `?fbclid=`, `?msclkid=`), a shopping result's (`?srsltid=`), a shared sorted or
 * filtered list, an account tab. Each arrives rendered, showing what it asks for in its address's
 * language, with JavaScript off too; tracking parameters change nothing (the same page, and never
 * in its canonical or alternate addresses); junk in a query is read as the page reads it.
 */
import type { Browser, Page } from '@playwright/test';
import { test, expect, originOf } from './fixtures';

const HOST = originOf('host');
const HTML = { accept: 'text/html' };
/** The list's product names, in order: asserted with toHaveText, which waits for the list to settle. */
const productNames = (page: Page) => page.getByRole('main').getByRole('listitem').getByRole('heading');
const BY_PRICE = ['One Pillar Pagoda Handkerchief', 'Hoan Kiem Lake Handkerchief', 'Hoi An Handkerchief', 'Dragon Bridge Handkerchief'];
const FEATURED = ['Hoan Kiem Lake Handkerchief', 'One Pillar Pagoda Handkerchief', 'Hoi An Handkerchief', 'Dragon Bridge Handkerchief'];
const headingOf = (html: string) => /<h1[^>]*>([^<]*)<\/h1>/.exec(html)?.[1];

/** A context with JavaScript off: what a crawler, a link preview or a slow phone's first paint shows. */
const withoutScript = (browser: Browser) => browser.newContext({ javaScriptEnabled: false, baseURL: HOST });

test.describe('addresses with a query arrive rendered @smoke', () => {
  test('a tracking parameter changes nothing: the same page, canonical and alternates without it', async ({ request }) => {
    for (const [plain, tracked] of [
      ['/products', '/products?utm_source=newsletter&utm_medium=email'],
      ['/products/hoan-kiem-lake-handkerchief', '/products/hoan-kiem-lake-handkerchief?utm_campaign=tet&gclid=abc'],
      ['/vi/products', '/vi/products?utm_source=x&fbclid=y'],
      ['/', '/?msclkid=1&srsltid=2&mc_cid=3&mc_eid=4'],
    ]) {
      const [page, landing] = await Promise.all([
        request.get(`${HOST}${plain}`, { headers: HTML }),
        request.get(`${HOST}${tracked}`, { headers: HTML }),
      ]);
      expect([tracked, landing.status()]).toEqual([tracked, 200]);
      const html = await landing.text();
      expect(html, tracked).toBe(await page.text());
      expect(headingOf(html), tracked).toBeTruthy();
      for (const [, href] of html.matchAll(/<link rel="(?:canonical|alternate)"[^>]* href="([^"]+)"/g))
        expect(href, tracked).not.toContain('?');
    }
  });

  test('a view asked for by the query is in the HTML: sorted, filtered, a style, a tab, in the address’s language', async ({ request }) => {
    for (const [address, lang, shows] of [
      [
        '/products?sort=price-asc&utm_source=newsletter',
        'en',
        [/One Pillar Pagoda Handkerchief[\s\S]*Hoan Kiem Lake Handkerchief[\s\S]*Hoi An/],
      ],
      ['/vi/products?sort=name-asc', 'vi', [/Khăn tay Cầu Rồng[\s\S]*Khăn tay Chùa Một Cột[\s\S]*Khăn tay Hồ Hoàn Kiếm/]],
      ['/products?availability=in&view=list', 'en', [/aria-pressed="true" aria-label="List view"/]],
      ['/products/hoi-an-handkerchief?variant=6', 'en', [/aria-pressed="true" aria-label="Thu Bon River, 22,000đ"/]],
      ['/profile?tab=orders', 'en', [/role="tab"[^>]*aria-selected="true"[^>]*>Orders</]],
      ['/vi/profile?tab=wishlist&gclid=1', 'vi', [/role="tab"[^>]*aria-selected="true"[^>]*>Yêu thích</]],
    ] as const) {
      const answer = await request.get(`${HOST}${address}`, { headers: HTML });
      const html = await answer.text();
      expect([address, answer.status()]).toEqual([address, 200]);
      expect(html, address).toMatch(new RegExp(`<html[^>]* lang="${lang}"`));
      expect(html, address).toContain('data-rendered');
      for (const shown of shows) expect(html, address).toMatch(shown);
      expect(answer.headers()['cache-control'], address).toBe('public, max-age=0, must-revalidate, s-maxage=10, stale-while-revalidate=60');
    }
  });

  test('junk in a query is read as the page reads it: the published page, whatever its length or number', async ({ request }) => {
    const plain = await request.get(`${HOST}/products`, { headers: HTML });
    for (const junk of ['sort=zzz', 'sort=junk1&view=table&min=abc', `sort=${'x'.repeat(7000)}`, 'availability=maybe&q=1', 'tab=orders']) {
      const answer = await request.get(`${HOST}/products?${junk}`, { headers: HTML });
      expect([junk.slice(0, 30), answer.status(), answer.headers()['etag']]).toEqual([junk.slice(0, 30), 200, plain.headers()['etag']]);
    }
  });
});

test.describe('with JavaScript off', () => {
  test('a shared sorted list and a campaign’s product page show what their address asks', async ({ browser }) => {
    const context = await withoutScript(browser);
    const page = await context.newPage();
    await page.goto('/products?sort=price-asc&utm_source=newsletter');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Products');
    await expect(productNames(page)).toHaveText(BY_PRICE);
    await expect(page.getByLabel('Sort by')).toHaveValue('price-asc');
    await page.goto('/vi/products/hoan-kiem-lake-handkerchief?utm_campaign=tet');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Khăn tay Hồ Hoàn Kiếm');
    await expect(page.getByRole('button', { name: 'THÊM VÀO GIỎ' })).toBeVisible();
    await page.goto('/profile?tab=orders');
    await expect(page.getByRole('tab', { name: 'Orders' })).toHaveAttribute('aria-selected', 'true');
    await context.close();
  });
});

test.describe('with JavaScript on', () => {
  test('a sorted list is shown sorted from the first paint, with no shift, and stays so once alive', async ({ page }) => {
    await page.addInitScript(() => {
      const seen: string[][] = [];
      (window as unknown as { __orders: string[][] }).__orders = seen;
      (window as unknown as { __shift: number }).__shift = 0;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as Array<PerformanceEntry & { value: number; hadRecentInput: boolean }>)
          if (!entry.hadRecentInput) (window as unknown as { __shift: number }).__shift += entry.value;
      }).observe({ type: 'layout-shift', buffered: true });
      // Each order of the list's names the page ever shows, from the first one parsed.
      new MutationObserver(() => {
        const names = [...document.querySelectorAll('main li h2, main li h3')].map((heading) => heading.textContent ?? '');
        if (names.length > 0 && names.join() !== seen.at(-1)?.join()) seen.push(names);
      }).observe(document, { subtree: true, childList: true, characterData: true });
    });
    await page.goto('/products?sort=price-asc&gclid=abc');
    await expect(page.locator('html')).toHaveAttribute('data-alive', 'true');
    await expect(productNames(page)).toHaveText(BY_PRICE);
    const { orders, shift } = await page.evaluate(() => ({
      orders: (window as unknown as { __orders: string[][] }).__orders,
      shift: (window as unknown as { __shift: number }).__shift,
    }));
    // While the parser has only part of the page, the list shown is the start of the sorted one.
    for (const order of orders) expect(order, 'the unsorted list is never shown').toEqual(BY_PRICE.slice(0, order.length));
    expect(orders.at(-1)).toEqual(BY_PRICE);
    expect(shift).toBe(0);
    // The shopper changes the view: the address follows, as on any other visit.
    await page.getByLabel('Sort by').selectOption({ label: 'Featured' });
    await expect(page).toHaveURL('/products');
    await expect(productNames(page)).toHaveText(FEATURED);
  });

  test('a campaign’s product page is usable at once: the tap is kept and made', async ({ page }) => {
    await page.goto('/products/hoan-kiem-lake-handkerchief?utm_source=newsletter&fbclid=x');
    await page.getByRole('button', { name: 'ADD TO CART' }).click();
    await expect(page.getByText('Added to cart')).toBeVisible();
    await expect(page.getByRole('banner').getByRole('link', { name: 'Cart, 1 item' })).toBeVisible();
  });
});
