/**
 * Fast Refresh against `npm start`, as a team member works: the shopper's state set up in the
 * shop at localhost:3000, then edits to a remote's exposed page and to a host component. Each
 * change shows in place, without a reload, the form field and the search query kept. An edit
 * Fast Refresh cannot apply in place, and a syntax error then fixed, still show by themselves.
 * Every edited file is restored. Last, SIGTERM to npm start stops all of it.
 */
import { test, expect, addProductToCart, cartBadge } from './fixtures';
import { checkAddressTable } from './addressTable';
import { DEV_SERVERS_START_MS, edit, markPage, restoreAllSources, startDevServers } from './devLoop';
import { APPS } from '../apps.mts';

/** Whether anything answers at the URL (any status). */
async function answers(url: string): Promise<boolean> {
  try {
    await fetch(url);
    return true;
  } catch {
    return false;
  }
}

test.describe('Fast Refresh across the apps (npm start)', () => {
  test.describe.configure({ mode: 'serial' });
  let servers: Awaited<ReturnType<typeof startDevServers>> | undefined;

  test.beforeAll(async () => {
    test.setTimeout(DEV_SERVERS_START_MS);
    servers = await startDevServers({ timeoutMs: DEV_SERVERS_START_MS - 10_000 });
    console.log(`[fast refresh test] npm start answered after ${servers.seconds.toFixed(1)} s`);
  });

  test.afterAll(async () => {
    restoreAllSources();
    await servers?.stop();
  });

  test('answers the table of addresses as production does, every page rendered from the code being edited', async ({ request }) => {
    // The server builds come a few seconds after the dev servers: until then pages are rendered in the browser.
    await expect
      .poll(async () => (await (await request.get('/', { headers: { accept: 'text/html' } })).text()).includes('data-rendered'), {
        timeout: 180_000,
      })
      .toBe(true);
    await checkAddressTable(request, 'http://localhost:3000');
  });

  test("a remote's page and a host component change in place; the checkout form and the search query are kept", async ({ page }) => {
    await page.goto('/products/hoan-kiem-lake-handkerchief');
    await page.getByRole('button', { name: 'ADD TO CART' }).click();
    await expect(cartBadge(page)).toHaveText('1');
    await page.goto('/checkout');
    await page.getByLabel('Last name').fill('Nguyễn');
    await page.getByRole('button', { name: 'Search' }).first().click();
    const search = page.getByRole('searchbox');
    await search.fill('lake');
    await expect(page.getByRole('link', { name: /Hoan Kiem Lake Handkerchief/ }).first()).toBeVisible();
    const mark = await markPage(page);

    // The remote's exposed page itself: the host holds this very component (the case that needs
    // one refresh runtime for all apps).
    const remoteEdit = edit('remote-cart/src/pages/CheckoutPage.tsx', "{t('checkoutTitle')}</h1>", "{t('checkoutTitle')} (edited)</h1>");
    try {
      await expect(page.locator('main h1')).toHaveText('Checkout (edited)', { timeout: 60_000 });
      await mark.expectNotReloaded();
      await expect(search).toHaveValue('lake');
      await expect(page.getByLabel('Last name')).toHaveValue('Nguyễn');

      // The host component that holds the query.
      const hostEdit = edit(
        'host/src/shell/SearchPanel.tsx',
        '<div className={styles.results}>',
        '<div className={styles.results}><p>Results (edited)</p>',
      );
      try {
        await expect(page.getByText('Results (edited)')).toBeVisible({ timeout: 60_000 });
        await mark.expectNotReloaded();
        await expect(search).toHaveValue('lake');
        await expect(page.getByLabel('Last name')).toHaveValue('Nguyễn');
        // A later host update keeps the remote's edit (one refresh runtime knows both apps' components).
        await expect(page.locator('main h1')).toHaveText('Checkout (edited)');
      } finally {
        hostEdit.restore();
      }
      await expect(page.getByText('Results (edited)')).toHaveCount(0, { timeout: 60_000 });
    } finally {
      remoteEdit.restore();
    }
    await expect(page.locator('main h1')).toHaveText('Checkout', { timeout: 60_000 });
    await mark.expectNotReloaded();
    await expect(search).toHaveValue('lake');
    await expect(cartBadge(page)).toHaveText('1');
  });

  test('an edit Fast Refresh cannot apply in place (a module that is not a component) shows by itself', async ({ page }) => {
    await page.goto('/about');
    await expect(page.getByRole('heading', { name: 'About Maison Khăn', level: 1 })).toBeVisible();
    const messages = edit('host/src/messages.ts', "aboutTitle: 'About Maison Khăn',", "aboutTitle: 'About Maison Khăn (edited)',");
    try {
      await expect(page.getByRole('heading', { name: 'About Maison Khăn (edited)', level: 1 })).toBeVisible({ timeout: 60_000 });
    } finally {
      messages.restore();
    }
    await expect(page.getByRole('heading', { name: 'About Maison Khăn', level: 1 })).toBeVisible({ timeout: 60_000 });
  });

  test('a syntax error shows in the overlay; once fixed, the change shows by itself', async ({ page }) => {
    await addProductToCart(page, 'hoan-kiem-lake-handkerchief');
    await page.goto('/cart');
    await expect(page.locator('main h1')).toHaveText('Your cart');
    const broken = edit('remote-cart/src/pages/CartPage.tsx', "{t('cartTitle')}</h1>", "{t('cartTitle')} {</h1>");
    try {
      await expect(page.locator('#webpack-dev-server-client-overlay')).toBeVisible({ timeout: 60_000 });
      broken.restore();
      const fixed = edit('remote-cart/src/pages/CartPage.tsx', "{t('cartTitle')}</h1>", "{t('cartTitle')} (fixed)</h1>");
      try {
        await expect(page.locator('main h1')).toHaveText(/\(fixed\)$/, { timeout: 60_000 });
        await expect(page.locator('#webpack-dev-server-client-overlay')).toHaveCount(0);
      } finally {
        fixed.restore();
      }
    } finally {
      broken.restore();
    }
    await expect(page.locator('main h1')).not.toHaveText(/\(fixed\)$/, { timeout: 60_000 });
  });

  test('SIGTERM to npm start alone, as a process manager sends it, stops every development server', async () => {
    const origins = APPS.map(({ port }) => `http://localhost:${port}/`);
    for (const origin of origins) expect(await answers(origin), `${origin} answers before`).toBe(true);
    await servers!.terminate();
    // Whatever npm start started has let go of its port: the next npm start finds them free.
    await expect.poll(async () => (await Promise.all(origins.map(answers))).filter(Boolean).length, { timeout: 10_000 }).toBe(0);
  });
});
