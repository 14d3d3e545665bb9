import type { Page } from '@playwright/test';
import { test, expect, switchLanguage, addProductToCart, expectNoAxeViolations } from './fixtures';

const summary = (page: Page) => ({
  subtotal: page.getByTestId('summary-subtotal'),
  shipping: page.getByTestId('summary-shipping'),
  tax: page.getByTestId('summary-tax'),
  total: page.getByTestId('summary-total'),
});

test.describe('/cart', () => {
  test('empty cart says so and leads back to shopping', async ({ page }) => {
    await page.goto('/cart');
    await expect(page.getByRole('heading', { name: 'Your cart is empty' })).toBeVisible();
    await page.getByRole('link', { name: 'Continue Shopping' }).click();
    await expect(page).toHaveURL('/products');
  });

  test('one 8,000đ item: 8,000 / 5,000 / 800 / 13,800 and the free-shipping hint', async ({ page }) => {
    await addProductToCart(page, 'one-pillar-pagoda-handkerchief');
    await page.goto('/cart');
    const line = page.getByRole('main').getByRole('listitem').filter({ hasText: 'One Pillar Pagoda Handkerchief' });
    await expect(line.getByText('30 × 30 cm')).toBeVisible();
    await expect(line.getByText('Lotus pink')).toBeVisible();
    await expect(line.getByText('Cotton lawn')).toBeVisible();
    const { subtotal, shipping, tax, total } = summary(page);
    await expect(subtotal).toHaveText('8,000đ');
    await expect(shipping).toHaveText('5,000đ');
    await expect(tax).toHaveText('800đ');
    await expect(total).toHaveText('13,800đ');
    await expect(page.getByText('Add 42,000đ more for free shipping')).toBeVisible();
  });

  test('quantity plus and minus (minus is disabled at 1), remove with its toast', async ({ page }) => {
    await addProductToCart(page, 'one-pillar-pagoda-handkerchief');
    await page.goto('/cart');
    const decrease = page.getByRole('button', { name: 'Decrease quantity of One Pillar Pagoda Handkerchief' });
    const increase = page.getByRole('button', { name: 'Increase quantity of One Pillar Pagoda Handkerchief' });
    await expect(decrease).toBeDisabled();
    await increase.click();
    await increase.click();
    await expect(page.getByTestId('line-price')).toHaveText('24,000đ');
    await expect(page.getByTestId('cart-count')).toHaveText('3');
    await decrease.click();
    await expect(page.getByTestId('line-price')).toHaveText('16,000đ');
    await page.getByRole('button', { name: 'Remove One Pillar Pagoda Handkerchief from cart' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Removed from cart' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Your cart is empty' })).toBeVisible();
    await expect(page.getByTestId('cart-count')).toHaveCount(0);
  });

  test('exactly 50,000đ still pays shipping and never says "Add 0đ more"; above it ships free', async ({ page }) => {
    await addProductToCart(page, 'hoi-an-handkerchief', /^Old Town Silk/);
    await page.goto('/cart');
    await expect(summary(page).shipping).toHaveText('5,000đ');
    await expect(page.getByText('Free shipping on orders over 50,000đ')).toBeVisible();
    await expect(page.getByText(/Add 0đ/)).toHaveCount(0);
    await page.getByRole('button', { name: /Increase quantity/ }).click();
    await expect(summary(page).shipping).toHaveText('Free');
    await expect(summary(page).total).toHaveText('110,000đ');
    await expect(page.getByText(/free shipping/i)).toHaveCount(0);
  });

  test('the cart survives a reload, and corrupt stored data does not crash the page', async ({ page }) => {
    await addProductToCart(page, 'one-pillar-pagoda-handkerchief');
    await page.reload();
    await expect(page.getByTestId('cart-count')).toHaveText('1');
    await page.evaluate(() => localStorage.setItem('maison-khan:cart', '{"version":1,"data":[{"junk":true}]'));
    await page.goto('/cart');
    await expect(page.getByRole('heading', { name: 'Your cart is empty' })).toBeVisible();
  });

  test('stays in sync across tabs', async ({ page, context }) => {
    await page.goto('/about');
    const other = await context.newPage();
    await other.goto('/products/one-pillar-pagoda-handkerchief');
    await other.getByRole('button', { name: 'ADD TO CART' }).click();
    await expect(page.getByTestId('cart-count')).toHaveText('1');
  });

  test('two tabs adding at the same instant both keep both adds, and so does storage', async ({ page, context }) => {
    const other = await context.newPage();
    await Promise.all([page.goto('/products/one-pillar-pagoda-handkerchief'), other.goto('/products/hoi-an-handkerchief')]);
    const addButtons = [page, other].map((tab) => tab.getByRole('button', { name: 'ADD TO CART' }));
    await Promise.all(addButtons.map((button) => button.waitFor()));
    // Both tabs hold their main thread until the same instant, then click: neither can have
    // heard of the other's add before making its own.
    const at = Date.now() + 1500;
    await Promise.all(
      addButtons.map((button) =>
        button.evaluate((element: HTMLElement, clickAt: number) => {
          while (Date.now() < clickAt) {
            // busy: no storage event or message from the other tab can run in between
          }
          element.click();
        }, at),
      ),
    );
    for (const tab of [page, other]) await expect(tab.getByTestId('cart-count')).toHaveText('2');
    const third = await context.newPage();
    await third.goto('/cart');
    await expect(third.getByRole('link', { name: 'One Pillar Pagoda Handkerchief' })).toBeVisible();
    await expect(third.getByRole('link', { name: 'Hoi An Handkerchief' })).toBeVisible();
  });

  test('stored images from origins the shop does not use are never requested', async ({ page }) => {
    await addProductToCart(page, 'one-pillar-pagoda-handkerchief');
    await page.evaluate(() => {
      const stored = JSON.parse(localStorage.getItem('maison-khan:cart')!) as { data: Array<Record<string, unknown>> };
      stored.data.push(
        { ...stored.data[0], variantId: '5', image: 'http://evil.invalid/pixel.svg' },
        { ...stored.data[0], variantId: '6', image: 'javascript:alert(1)' },
      );
      localStorage.setItem('maison-khan:cart', JSON.stringify(stored));
    });
    const requested: string[] = [];
    page.on('request', (request) => requested.push(request.url()));
    await page.goto('/cart');
    // The javascript: line is dropped; the foreign image's line stays, shown by its text.
    await expect(page.getByRole('main').getByRole('img')).toHaveCount(2);
    expect(requested.filter((url) => !url.startsWith('http://localhost:'))).toEqual([]);
    expect(await page.evaluate(() => localStorage.getItem('maison-khan:cart'))).not.toMatch(/evil\.invalid|javascript:/);
  });
});

test.describe('/checkout', () => {
  test('an empty cart shows the empty state, not the form', async ({ page }) => {
    await page.goto('/checkout');
    await expect(page.getByRole('heading', { name: 'Your cart is empty' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Complete Order' })).toHaveCount(0);
  });

  test('from product page through checkout: required fields, payment methods, order, redirect home', async ({ page }) => {
    await addProductToCart(page, 'one-pillar-pagoda-handkerchief');
    await page.getByRole('link', { name: /^Cart/ }).click();
    await page.getByRole('link', { name: 'Proceed to Checkout' }).click();
    await expect(page).toHaveURL('/checkout');
    await expect(page.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/profile');
    await expect(page.getByLabel('Country/Region')).toHaveValue('VN');

    const contact = page.getByPlaceholder('Email or mobile phone number');
    for (const field of [contact, page.getByLabel('Last name'), page.getByLabel('Address', { exact: true }), page.getByLabel('City')]) {
      await expect(field).toHaveJSProperty('required', true);
    }
    for (const optional of ['First name (optional)', 'Apartment, suite, etc. (optional)', 'Postal code (optional)']) {
      await expect(page.getByLabel(optional)).toHaveJSProperty('required', false);
    }
    await page.getByRole('button', { name: 'Complete Order' }).click();
    expect(await contact.evaluate((input: HTMLInputElement) => input.validationMessage)).toBe(
      'Please fill in Email or mobile phone number.',
    );
    await expect(page).toHaveURL('/checkout');

    await expect(page.getByLabel('Card number')).toBeVisible();
    await page.getByLabel('Cash on Delivery').check();
    await expect(page.getByLabel('Card number')).toHaveCount(0);
    await expect(page.getByLabel('MM / YY')).toHaveCount(0);
    await expect(page.getByText('Digital Wallet')).toBeVisible();
    await expect(page.getByText('PayPal, Apple Pay, Google Pay', { exact: false })).toBeVisible();

    await contact.fill('lan@example.com');
    await page.getByLabel('Last name').fill('Nguyễn');
    await page.getByLabel('Address', { exact: true }).fill('12 Hàng Gai');
    await page.getByLabel('City').fill('Hà Nội');
    await page.getByRole('button', { name: 'Complete Order' }).dblclick();
    await expect(page.getByText('Order placed successfully!')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Thank you for your order' })).toBeVisible();
    await expect(page.getByTestId('cart-count')).toHaveCount(0);
    await expect(page).toHaveURL('/');

    const placed = await page.evaluate(() => JSON.parse(localStorage.getItem('maison-khan:orders') ?? '{}').data);
    expect(placed).toHaveLength(1);
    expect(placed[0]).toMatchObject({ status: 'Processing', total: 13800 });
  });

  test('"Save this information" prefills the next checkout', async ({ page }) => {
    await addProductToCart(page, 'one-pillar-pagoda-handkerchief');
    await page.goto('/checkout');
    await page.getByPlaceholder('Email or mobile phone number').fill('0912345678');
    await page.getByLabel('Last name').fill('Trần');
    await page.getByLabel('Address', { exact: true }).fill('5 Lê Lợi');
    await page.getByLabel('City').fill('Huế');
    await page.getByLabel('Save this information for next time').check();
    await page.getByRole('button', { name: 'Complete Order' }).click();
    await expect(page).toHaveURL('/');
    await addProductToCart(page, 'hoi-an-handkerchief');
    await page.goto('/checkout');
    await expect(page.getByPlaceholder('Email or mobile phone number')).toHaveValue('0912345678');
    await expect(page.getByLabel('City')).toHaveValue('Huế');
  });

  test('the whole flow in Vietnamese', async ({ page }) => {
    await page.goto('/');
    await switchLanguage(page, 'Tiếng Việt');
    await addProductToCart(page, 'hoan-kiem-lake-handkerchief');
    await expect(page.getByRole('status').filter({ hasText: 'Đã thêm vào giỏ hàng' })).toBeVisible();
    await page.goto('/cart');
    await expect(page.getByRole('heading', { name: 'Giỏ hàng của bạn' })).toBeVisible();
    await expect(page.getByTestId('summary-total')).toHaveText('16.000đ');
    await expect(page.getByText('Mua thêm 40.000đ để được miễn phí vận chuyển')).toBeVisible();
    await page.getByRole('link', { name: 'Tiến hành thanh toán' }).click();
    await page.getByPlaceholder('Email hoặc số điện thoại di động').fill('lan@example.com');
    await page.getByLabel('Họ', { exact: true }).fill('Nguyễn');
    await page.getByLabel('Địa chỉ', { exact: true }).fill('12 Hàng Gai');
    await page.getByLabel('Thành phố').fill('Hà Nội');
    await page.getByRole('button', { name: 'Hoàn tất đơn hàng' }).click();
    await expect(page.getByText('Đặt hàng thành công!')).toBeVisible();
    await expect(page).toHaveURL(/\/vi\/?$/);
  });
});

test.describe('accessibility', () => {
  // axe-core adds its own <style> while it checks contrast: the policy is tested everywhere else.
  test.use({ bypassCSP: true });
  test('/cart empty and with items, and /checkout, have no violations', async ({ page }) => {
    await page.goto('/cart');
    await expect(page.getByRole('heading', { name: 'Your cart is empty' })).toBeVisible();
    await expectNoAxeViolations(page);
    await addProductToCart(page, 'hoi-an-handkerchief');
    await page.goto('/cart');
    await expect(page.getByTestId('summary-total')).toBeVisible();
    await expectNoAxeViolations(page);
    await page.goto('/checkout');
    await expect(page.getByRole('button', { name: 'Complete Order' })).toBeVisible();
    await expectNoAxeViolations(page);
  });
});
