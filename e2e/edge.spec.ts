/**
 * The shop answered at the edge: workerd in front of an object store, Node its render origin
 * (scripts/edge-shop.mts). The address table as every server answers it, a view arriving rendered,
 * and a shopper's visit in Chromium: browse, add to cart, check out, switch language.
 */
import { NAVIGATION } from './addresses';
import { checkAddressTable } from './addressTable';
import { startEdgeShop, type EdgeShop } from './edgeShop';
import { test, expect, switchLanguage, cartBadge, placeOrderOnCheckout } from './fixtures';

test.describe.configure({ mode: 'serial' });

let shop: EdgeShop;
test.beforeAll(async () => {
  test.setTimeout(300_000);
  shop = await startEdgeShop();
});
test.afterAll(async () => {
  await shop?.close();
});

test('workerd answers the address table as every server does, and Node over the same store too', async ({ request }) => {
  test.skip(shop.skipped !== undefined, shop.skipped);
  if (shop.skipped !== undefined) return;
  await checkAddressTable(request, shop.origin);
  await checkAddressTable(request, shop.node);
  // A view arrives rendered too: the edge asks Node, its render origin.
  const view = await request.get(`${shop.origin}/vi/products?sort=price-asc`, { headers: NAVIGATION });
  expect(view.status()).toBe(200);
  expect(await view.text()).toMatch(/<h1[^>]*>Sản phẩm<\/h1>/);
});

test('a shopper browses, adds to the cart, checks out and switches language on the edge', async ({ page }) => {
  test.skip(shop.skipped !== undefined, shop.skipped);
  if (shop.skipped !== undefined) return;
  await page.goto(`${shop.origin}/`);
  await expect(page.getByRole('heading', { level: 1, name: 'Maison Khăn' })).toBeVisible();
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Products' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Products' })).toBeVisible();
  await page
    .getByRole('link', { name: /Hoan Kiem Lake Handkerchief/ })
    .first()
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Hoan Kiem Lake Handkerchief' })).toBeVisible();
  await page.getByRole('button', { name: 'ADD TO CART' }).click();
  await expect(cartBadge(page)).toHaveText('1');
  await page.getByRole('link', { name: /^Cart/ }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'Your cart' })).toBeVisible();
  await page.getByRole('main').getByRole('link', { name: 'Proceed to Checkout' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Checkout' })).toBeVisible();
  await placeOrderOnCheckout(page);
  await switchLanguage(page, 'Tiếng Việt');
  await expect(page).toHaveURL(/\/vi\//);
  await page.goto(`${shop.origin}/vi/products`);
  await expect(page.getByRole('heading', { level: 1, name: 'Sản phẩm' })).toBeVisible();
});
