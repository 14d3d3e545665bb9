import type { Page } from '@playwright/test';
import { test, expect, switchLanguage, expectNoAxeViolations } from './fixtures';

/** The list's product names, in order: asserted with toHaveText, which waits for the list to settle. */
const productNames = (page: Page) => page.getByRole('main').getByRole('listitem').getByRole('heading');

test.describe('/products', () => {
  test('lists the four products with their counts, prices and links', async ({ page }) => {
    await page.goto('/products');
    await expect(page.getByRole('heading', { name: 'Products', level: 1 })).toBeVisible();
    await expect(page.getByText('4 ITEMS')).toBeVisible();
    await expect(productNames(page)).toHaveText([
      'Hoan Kiem Lake Handkerchief',
      'One Pillar Pagoda Handkerchief',
      'Hoi An Handkerchief',
      'Dragon Bridge Handkerchief',
    ]);
    await expect(page.getByText('From 10,000đ')).toBeVisible();
    await expect(page.getByText('8,000đ', { exact: true })).toBeVisible();
    await page.getByRole('link', { name: /One Pillar Pagoda Handkerchief/ }).click();
    await expect(page).toHaveURL('/products/one-pillar-pagoda-handkerchief');
  });

  test('sorts five ways, keeps the sort in the URL and across a reload', async ({ page }) => {
    await page.goto('/products');
    const sort = page.getByLabel('Sort by');
    await expect(sort.locator('option')).toHaveText([
      'Featured',
      'Price: Low to High',
      'Price: High to Low',
      'Alphabetically: A-Z',
      'Alphabetically: Z-A',
    ]);
    await sort.selectOption({ label: 'Price: Low to High' });
    await expect(page).toHaveURL('/products?sort=price-asc');
    await expect(productNames(page)).toHaveText([
      'One Pillar Pagoda Handkerchief',
      'Hoan Kiem Lake Handkerchief',
      'Hoi An Handkerchief',
      'Dragon Bridge Handkerchief',
    ]);
    await page.reload();
    await expect(sort).toHaveValue('price-asc');
    await sort.selectOption({ label: 'Alphabetically: Z-A' });
    await expect(productNames(page)).toHaveText([
      'One Pillar Pagoda Handkerchief',
      'Hoi An Handkerchief',
      'Hoan Kiem Lake Handkerchief',
      'Dragon Bridge Handkerchief',
    ]);
  });

  test('sorts Vietnamese names in Vietnamese order', async ({ page }) => {
    await page.goto('/products?sort=name-asc');
    await switchLanguage(page, 'Tiếng Việt');
    await expect(page.getByText('4 SẢN PHẨM')).toBeVisible();
    await expect(productNames(page)).toHaveText(['Khăn tay Cầu Rồng', 'Khăn tay Chùa Một Cột', 'Khăn tay Hồ Hoàn Kiếm', 'Khăn tay Hội An']);
    await expect(page.getByText('Từ 10.000đ')).toBeVisible();
  });

  test('filters by price and availability, with counts, clear action and empty state', async ({ page }) => {
    await page.goto('/products');
    await page.getByRole('button', { name: 'AVAILABILITY' }).click();
    await expect(page.getByLabel('In stock (4)')).toBeVisible();
    await page.getByLabel('Out of stock (0)').check();
    await expect(page).toHaveURL('/products?availability=out');
    await expect(page.getByText('No products match these filters.')).toBeVisible();
    await expect(page.getByText('0 ITEMS')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByLabel('In stock (4)')).toBeHidden();
    await page.getByRole('main').getByRole('button', { name: 'Clear filters' }).first().click();
    await expect(page.getByText('4 ITEMS')).toBeVisible();

    await page.getByRole('button', { name: 'PRICE' }).click();
    await page.getByLabel('Minimum price (đ)').fill('40000');
    await page.getByLabel('Maximum price (đ)').fill('60000');
    await page.getByRole('button', { name: 'Apply' }).click();
    await expect(page).toHaveURL('/products?min=40000&max=60000');
    await expect(productNames(page)).toHaveText(['Hoi An Handkerchief', 'Dragon Bridge Handkerchief']);
    await page.reload();
    await expect(page.getByText('2 ITEMS')).toBeVisible();
  });

  test('switches between grid and list, kept in the URL', async ({ page }) => {
    await page.goto('/products');
    await expect(page.getByRole('button', { name: 'Grid view' })).toHaveAttribute('aria-pressed', 'true');
    await page.getByRole('button', { name: 'List view' }).click();
    await expect(page).toHaveURL('/products?view=list');
    await expect(page.locator('[data-view="list"]')).toBeVisible();
    await page.reload();
    await expect(page.getByRole('button', { name: 'List view' })).toHaveAttribute('aria-pressed', 'true');
  });

  test('junk query parameters fall back to the defaults', async ({ page }) => {
    await page.goto('/products?sort=zzz&min=abc&view=table');
    await expect(page.getByText('4 ITEMS')).toBeVisible();
    await expect(page.getByLabel('Sort by')).toHaveValue('featured');
  });
});

test.describe('product page', () => {
  test('shows images, the Style picker with prices, and changes price with the style', async ({ page }) => {
    await page.goto('/products/hoan-kiem-lake-handkerchief');
    await expect(page.getByRole('heading', { name: 'Hoan Kiem Lake Handkerchief', level: 1 })).toBeVisible();
    await expect(page.getByTestId('product-price')).toHaveText('10,000đ');
    await expect(page.getByRole('group', { name: 'Style' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Jade Mist, 10,000đ' })).toHaveAttribute('aria-pressed', 'true');
    await page.getByRole('button', { name: 'Dusk over the Lake, 35,000đ' }).click();
    await expect(page.getByTestId('product-price')).toHaveText('35,000đ');
    await page.getByRole('button', { name: 'Show image 2 of 3' }).click();
    await expect(page.getByTestId('product-price')).toHaveText('20,000đ');
    await expect(page.getByRole('img', { name: /arched Huc Bridge/ })).toBeVisible();
  });

  test('a single-image product has no thumbnails', async ({ page }) => {
    await page.goto('/products/one-pillar-pagoda-handkerchief');
    await expect(page.getByTestId('product-price')).toHaveText('8,000đ');
    await expect(page.getByRole('button', { name: /Show image/ })).toHaveCount(0);
  });

  test('accordion: DESCRIPTION open first, one at a time, collapsible', async ({ page }) => {
    await page.goto('/products/hoi-an-handkerchief');
    const description = page.getByRole('button', { name: 'DESCRIPTION' });
    const care = page.getByRole('button', { name: 'CARE' });
    await expect(description).toHaveAttribute('aria-expanded', 'true');
    await expect(page.getByText(/Once a great trading port/)).toBeVisible();
    await care.click();
    await expect(care).toHaveAttribute('aria-expanded', 'true');
    await expect(description).toHaveAttribute('aria-expanded', 'false');
    await expect(page.getByText(/Hand wash cold/)).toBeVisible();
    await care.click();
    await expect(care).toHaveAttribute('aria-expanded', 'false');
    await page.getByRole('button', { name: 'DESIGN' }).click();
    await expect(page.getByText(/printed from the colours of real/)).toBeVisible();
  });

  test('ADD TO CART adds the selected style with its toasts; BUY IT NOW goes to checkout', async ({ page }) => {
    await page.goto('/products/dragon-bridge-handkerchief');
    await page.getByRole('button', { name: 'Fire Festival, 50,000đ' }).click();
    await page.getByRole('button', { name: 'ADD TO CART' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Added to cart' })).toBeVisible();
    await page.getByRole('button', { name: 'ADD TO CART' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Updated cart quantity' })).toBeVisible();
    await expect(page.getByTestId('cart-count')).toHaveText('2');
    await page.getByRole('button', { name: 'BUY IT NOW' }).click();
    await expect(page).toHaveURL('/checkout');
    await expect(page.getByTestId('cart-count')).toHaveText('3');
  });

  test('ADD TO WISHLIST toggles and shows its state', async ({ page }) => {
    await page.goto('/products/hoi-an-handkerchief');
    const wishlist = page.getByRole('button', { name: 'ADD TO WISHLIST' });
    await expect(wishlist).toHaveAttribute('aria-pressed', 'false');
    await wishlist.click();
    await expect(wishlist).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByText('Saved to your wishlist')).toBeVisible();
    await page.reload();
    await expect(wishlist).toHaveAttribute('aria-pressed', 'true');
    await wishlist.click();
    await expect(wishlist).toHaveAttribute('aria-pressed', 'false');
  });

  test('You may also like shows three other products', async ({ page }) => {
    await page.goto('/products/hoi-an-handkerchief');
    const related = page.getByRole('region', { name: 'You may also like' });
    await expect(related.getByRole('link')).toHaveCount(3);
    await expect(related.getByRole('link', { name: /Hoi An/ })).toHaveCount(0);
  });

  test('an unknown slug shows Product not found with the slug and Back to Products', async ({ page }) => {
    await page.goto('/products/silk-unicorn');
    await expect(page.getByRole('heading', { name: 'Product not found' })).toBeVisible();
    await expect(page.getByText('Không tìm thấy sản phẩm bạn đang tìm.')).toBeVisible();
    await expect(page.getByText('silk-unicorn')).toBeVisible();
    await page.getByRole('link', { name: 'Back to Products' }).click();
    await expect(page).toHaveURL('/products');
  });

  test('the legacy /product/{id} link opens that variant; an unknown id is not found', async ({ page }) => {
    await page.goto('/product/9');
    await expect(page).toHaveURL('/products/dragon-bridge-handkerchief?variant=9');
    await expect(page.getByTestId('product-price')).toHaveText('22,000đ');
    await page.goto('/product/42');
    await expect(page.getByRole('heading', { name: 'Product not found' })).toBeVisible();
  });

  test('in Vietnamese: names, prices and texts', async ({ page }) => {
    await page.goto('/products/hoan-kiem-lake-handkerchief');
    await switchLanguage(page, 'Tiếng Việt');
    await expect(page.getByRole('heading', { name: 'Khăn tay Hồ Hoàn Kiếm', level: 1 })).toBeVisible();
    await expect(page.getByTestId('product-price')).toHaveText('10.000đ');
    await expect(page.getByRole('button', { name: 'THÊM VÀO GIỎ' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'MÔ TẢ' })).toHaveAttribute('aria-expanded', 'true');
    await page.goto('/products/nope');
    await expect(page.getByRole('heading', { name: 'Không tìm thấy sản phẩm' })).toBeVisible();
  });
});

test.describe('search', () => {
  test('finds products by name, says when nothing matches, navigates and closes', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('button', { name: 'Search' }).click();
    const dialog = page.getByRole('dialog', { name: 'Search products' });
    await expect(dialog.getByText('Start typing to search for products')).toBeVisible();
    await dialog.getByRole('searchbox').fill('zzz');
    await expect(dialog.getByText('No products found for "zzz"')).toBeVisible();
    await dialog.getByRole('searchbox').fill('DRAGON');
    await dialog.getByRole('link', { name: /Dragon Bridge Handkerchief/ }).click();
    await expect(page).toHaveURL('/products/dragon-bridge-handkerchief');
    await expect(dialog).toBeHidden();
  });

  test('works by keyboard and closes with Escape', async ({ page }) => {
    await page.goto('/about');
    await page.getByRole('button', { name: 'Search' }).click();
    await page.keyboard.type('handkerchief');
    const dialog = page.getByRole('dialog', { name: 'Search products' });
    await expect(dialog.getByRole('link')).toHaveCount(4);
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    await expect(dialog.getByRole('link', { name: /One Pillar Pagoda/ })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await page.getByRole('button', { name: 'Search' }).click();
    await page.keyboard.type('hoi an');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL('/products/hoi-an-handkerchief');
  });

  test('one Escape closes the panel even with a query typed, and focus returns to the Search button', async ({ page }) => {
    await page.goto('/products');
    const searchButton = page.getByRole('button', { name: 'Search', exact: true });
    await searchButton.click();
    const dialog = page.getByRole('dialog', { name: 'Search products' });
    await dialog.getByRole('searchbox').fill('hoi');
    await expect(dialog.getByRole('link', { name: /Hoi An Handkerchief/ })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(searchButton).toBeFocused();
  });

  test('in Vietnamese, matching ignores diacritics', async ({ page }) => {
    await page.goto('/');
    await switchLanguage(page, 'Tiếng Việt');
    await page.getByRole('button', { name: 'Tìm kiếm' }).click();
    const dialog = page.getByRole('dialog', { name: 'Tìm kiếm sản phẩm' });
    await dialog.getByRole('searchbox').fill('ho hoan kiem');
    await expect(dialog.getByRole('link', { name: /Khăn tay Hồ Hoàn Kiếm/ })).toBeVisible();
    await dialog.getByRole('searchbox').fill('xyz');
    await expect(dialog.getByText('Không tìm thấy sản phẩm nào cho "xyz"')).toBeVisible();
  });
});

test.describe('accessibility', () => {
  // axe-core adds its own <style> while it checks contrast: the policy is tested everywhere else.
  test.use({ bypassCSP: true });
  for (const path of ['/products', '/products/hoi-an-handkerchief', '/products/unknown-thing']) {
    test(`${path} has no WCAG 2.1 AA violations`, async ({ page }) => {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expectNoAxeViolations(page);
    });
  }

  test('/products with both filter panels open has no violations', async ({ page }) => {
    await page.goto('/products');
    await page.getByRole('button', { name: 'AVAILABILITY' }).click();
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: 'PRICE' }).click();
    await expectNoAxeViolations(page);
  });
});
