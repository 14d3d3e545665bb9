import { test, expect, switchLanguage, addProductToCart, expectNoAxeViolations } from './fixtures';

test.describe('/profile', () => {
  test('My Account with Profile, Orders and Wishlist tabs, by mouse and deep link', async ({ page }) => {
    await page.goto('/profile');
    await expect(page.getByRole('heading', { name: 'My Account' })).toBeVisible();
    await expect(page.getByRole('tab', { name: 'Profile' })).toHaveAttribute('aria-selected', 'true');
    await page.getByRole('tab', { name: 'Orders' }).click();
    await expect(page).toHaveURL('/profile?tab=orders');
    await expect(page.getByRole('tabpanel', { name: 'Orders' })).toBeVisible();
    await page.reload();
    await expect(page.getByRole('tab', { name: 'Orders' })).toHaveAttribute('aria-selected', 'true');
    await page.goto('/profile?tab=bogus');
    await expect(page.getByRole('tab', { name: 'Profile' })).toHaveAttribute('aria-selected', 'true');
  });

  test('tabs work by keyboard (arrows, Home, End)', async ({ page }) => {
    await page.goto('/profile');
    await page.getByRole('tab', { name: 'Profile' }).focus();
    await page.keyboard.press('ArrowRight');
    await expect(page.getByRole('tab', { name: 'Orders' })).toBeFocused();
    await expect(page.getByRole('tab', { name: 'Orders' })).toHaveAttribute('aria-selected', 'true');
    await page.keyboard.press('End');
    await expect(page.getByRole('tab', { name: 'Wishlist' })).toHaveAttribute('aria-selected', 'true');
    await page.keyboard.press('ArrowRight');
    await expect(page.getByRole('tab', { name: 'Profile' })).toHaveAttribute('aria-selected', 'true');
  });

  test('edit and save the profile; saved values survive a reload', async ({ page }) => {
    await page.goto('/profile');
    const city = page.getByLabel('City');
    await expect(city).toBeDisabled();
    await expect(city).toHaveValue('Hà Nội');
    await page.getByRole('button', { name: 'Edit Profile' }).click();
    await expect(city).toBeEnabled();
    await city.fill('Đà Nẵng');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expect(city).toBeDisabled();
    await expect(page.getByRole('button', { name: 'Edit Profile' })).toBeVisible();
    await page.reload();
    await expect(page.getByLabel('City')).toHaveValue('Đà Nẵng');
  });

  test('corrupt stored profile falls back to the sample', async ({ page }) => {
    await page.addInitScript(() => localStorage.setItem('maison-khan:profile', '{"version":1,"data":{"city":7}}'));
    await page.goto('/profile');
    await expect(page.getByLabel('First name')).toHaveValue('Linh');
  });

  test('orders: samples with Delivered (green) and Processing (yellow) badges', async ({ page }) => {
    await page.goto('/profile?tab=orders');
    const delivered = page.locator('[data-status="Delivered"]');
    const processing = page.locator('[data-status="Processing"]');
    // The glyph is decoration: the badge's text and what a screen reader hears is the word alone.
    await expect(delivered).toHaveText('Delivered');
    await expect(processing).toHaveText('Processing');
    await expect(page.getByText('Processing', { exact: true })).toBeVisible();
    const glyph = await delivered.evaluate((el) => getComputedStyle(el, '::before').content);
    expect(glyph).toContain('✓');
    const green = await delivered.evaluate((el) => getComputedStyle(el).backgroundColor);
    const yellow = await processing.evaluate((el) => getComputedStyle(el).backgroundColor);
    expect(green).toBe('rgb(227, 241, 228)');
    expect(yellow).toBe('rgb(251, 239, 201)');
    await expect(page.getByText('Hoi An Handkerchief × 1')).toBeVisible();
  });

  test('an order placed at checkout stands above the samples', async ({ page }) => {
    await addProductToCart(page, 'dragon-bridge-handkerchief');
    await page.goto('/checkout');
    await page.getByPlaceholder('Email or mobile phone number').fill('lan@example.com');
    await page.getByLabel('Last name').fill('Nguyễn');
    await page.getByLabel('Address', { exact: true }).fill('12 Hàng Gai');
    await page.getByLabel('City').fill('Hà Nội');
    await page.getByRole('button', { name: 'Complete Order' }).click();
    await expect(page).toHaveURL('/');
    await page.goto('/profile?tab=orders');
    const headings = page.getByRole('tabpanel').getByRole('heading', { level: 3 });
    await expect(headings).toHaveCount(3);
    await expect(headings.nth(1)).toHaveText('Order MK-10512');
    await expect(page.getByText('Dragon Bridge Handkerchief × 1')).toBeVisible();
    await expect(page.getByText('21,500đ')).toBeVisible();
  });

  test('wishlist: add from a product page, see it, open it, remove it', async ({ page }) => {
    await page.goto('/profile?tab=wishlist');
    await expect(page.getByText('Your wishlist is empty.')).toBeVisible();
    await page.goto('/products/hoan-kiem-lake-handkerchief');
    await page.getByRole('button', { name: 'ADD TO WISHLIST' }).click();
    await page.goto('/profile?tab=wishlist');
    const item = page.getByRole('link', { name: 'Hoan Kiem Lake Handkerchief' });
    await expect(item).toBeVisible();
    await expect(page.getByText('From 10,000đ')).toBeVisible();
    await page.getByRole('button', { name: 'Remove Hoan Kiem Lake Handkerchief from wishlist' }).click();
    await expect(page.getByText('Your wishlist is empty.')).toBeVisible();
    await page.getByRole('link', { name: 'Browse products' }).click();
    await expect(page).toHaveURL('/products');
  });

  test('in Vietnamese: tabs, dates and money', async ({ page }) => {
    await page.goto('/profile?tab=orders');
    await switchLanguage(page, 'Tiếng Việt');
    await expect(page.getByRole('heading', { name: 'Tài khoản của tôi' })).toBeVisible();
    await expect(page.getByRole('tab', { name: 'Đơn hàng' })).toHaveAttribute('aria-selected', 'true');
    await expect(page.locator('[data-status="Delivered"]')).toHaveText(/Đã giao/);
    await expect(page.getByText('60.000đ')).toBeVisible();
  });
});

test.describe('accessibility', () => {
  // axe-core adds its own <style> while it checks contrast: the policy is tested everywhere else.
  test.use({ bypassCSP: true });
  for (const tab of ['profile', 'orders', 'wishlist']) {
    test(`/profile?tab=${tab} has no violations`, async ({ page }) => {
      await addProductToCart(page, 'hoi-an-handkerchief');
      await page.getByRole('button', { name: 'ADD TO WISHLIST' }).click();
      await page.goto(`/profile?tab=${tab}`);
      await expect(page.getByRole('tabpanel')).toBeVisible();
      await expectNoAxeViolations(page);
    });
  }
});
