import { test, expect, switchLanguage, expectNoAxeViolations } from './fixtures';

test.describe('header', () => {
  test('links to Home, Products, Contact and About, plus profile and cart', async ({ page }) => {
    await page.goto('/');
    const nav = page.getByRole('navigation', { name: 'Main' }).first();
    for (const [name, path] of [
      ['Products', '/products'],
      ['Contact', '/contact'],
      ['About', '/about'],
      ['Home', '/'],
    ] as const) {
      await nav.getByRole('link', { name, exact: true }).click();
      await expect(page).toHaveURL(path);
    }
    await page.getByRole('link', { name: 'Profile' }).click();
    await expect(page).toHaveURL('/profile');
    await page.getByRole('link', { name: /^Cart/ }).click();
    await expect(page).toHaveURL('/cart');
  });

  test('gets a shadow only after scrolling more than 10 px', async ({ page }) => {
    await page.goto('/about');
    await page.setViewportSize({ width: 1280, height: 400 });
    const header = page.locator('header').first();
    await expect(header).toHaveAttribute('data-scrolled', 'false');
    await page.evaluate(() => window.scrollTo(0, 10));
    await expect(header).toHaveAttribute('data-scrolled', 'false');
    await page.evaluate(() => window.scrollTo(0, 11));
    await expect(header).toHaveAttribute('data-scrolled', 'true');
  });

  test('shows the cart badge only when the cart has items', async ({ page }) => {
    await page.goto('/products/one-pillar-pagoda-handkerchief');
    await expect(page.getByTestId('cart-count')).toHaveCount(0);
    await page.getByRole('button', { name: 'ADD TO CART' }).click();
    await expect(page.getByTestId('cart-count')).toHaveText('1');
    await expect(page.getByRole('link', { name: 'Cart, 1 item' })).toBeVisible();
  });

  test('has a side menu on small screens', async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto('/');
    await expect(page.getByRole('navigation', { name: 'Main' }).first()).toBeHidden();
    await page.getByRole('button', { name: 'Open menu' }).click();
    const menu = page.getByRole('dialog', { name: 'Main' });
    await menu.getByRole('link', { name: 'Contact' }).click();
    await expect(page).toHaveURL('/contact');
    await expect(menu).toBeHidden();
  });
});

test.describe('language', () => {
  test('switches to Vietnamese, sets <html lang> and survives a reload', async ({ page }) => {
    await page.goto('/');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await switchLanguage(page, 'Tiếng Việt');
    await expect(page.getByRole('link', { name: 'Sản phẩm', exact: true }).first()).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'vi');
    expect(await page.evaluate(() => localStorage.getItem('language'))).toBe('vi');
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Mới mùa này' })).toBeVisible();
    await switchLanguage(page, 'English');
    await expect(page.getByRole('heading', { name: 'New this season' })).toBeVisible();
  });

  test('falls back to English for an unknown stored language', async ({ page }) => {
    await page.addInitScript(() => localStorage.setItem('language', 'klingon'));
    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'New this season' })).toBeVisible();
  });

  test('the language menu works by keyboard', async ({ page }) => {
    await page.goto('/');
    const trigger = page.getByRole('button', { name: 'Language: English' });
    await trigger.focus();
    await page.keyboard.press('ArrowDown');
    await expect(page.getByRole('menuitemradio', { name: 'English' })).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await expect(page.getByRole('button', { name: 'Ngôn ngữ: Tiếng Việt' })).toBeFocused();
  });
});

test.describe('intro screen', () => {
  test('shows once per browser session, then the shop', async ({ browser }) => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto('/');
    await expect(page.getByText('Loading Excellence')).toBeVisible();
    await expect(page.getByRole('progressbar', { name: 'Loading Excellence' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'New this season' })).toBeVisible();
    await expect(page.getByTestId('intro-screen')).toHaveCount(0);
    expect(await page.evaluate(() => sessionStorage.getItem('hasVisited'))).not.toBeNull();
    await page.reload();
    await expect(page.getByTestId('intro-screen')).toHaveCount(0);
    await context.close();
  });

  test('is skipped when the session flag is set', async ({ page }) => {
    await page.goto('/about');
    await expect(page.getByTestId('intro-screen')).toHaveCount(0);
    await expect(page.getByRole('heading', { name: 'About Maison Khăn' })).toBeVisible();
  });
});

test.describe('pages', () => {
  test('every page has its own title, host and remote pages alike, and none lingers after leaving', async ({ page }) => {
    const nav = page.getByRole('navigation', { name: 'Main' });
    await page.goto('/');
    await expect(page).toHaveTitle('Maison Khăn — Handkerchiefs & Scarves');
    await nav.getByRole('link', { name: 'Products', exact: true }).click();
    await expect(page).toHaveTitle('Products — Maison Khăn');
    await page
      .getByRole('main')
      .getByRole('link', { name: /Hoi An Handkerchief/ })
      .first()
      .click();
    await expect(page).toHaveTitle('Hoi An Handkerchief — Maison Khăn');
    await page.getByRole('link', { name: /^Cart/ }).click();
    await expect(page).toHaveTitle('Your cart — Maison Khăn');
    await nav.getByRole('link', { name: 'About', exact: true }).click();
    await expect(page).toHaveTitle('About Maison Khăn — Maison Khăn');
    await page.getByRole('link', { name: 'Profile', exact: true }).click();
    await expect(page).toHaveTitle('My Account — Maison Khăn');
    await nav.getByRole('link', { name: 'Home', exact: true }).click();
    await expect(page).toHaveTitle('Maison Khăn — Handkerchiefs & Scarves');
    await page.goto('/nowhere');
    await expect(page).toHaveTitle('Oops! Page not found — Maison Khăn');
    await switchLanguage(page, 'Tiếng Việt');
    await expect(page).toHaveTitle('Rất tiếc! Không tìm thấy trang — Maison Khăn');
  });

  test('the head describes the page on screen after every move inside the shop, in both languages', async ({ page }) => {
    const head = () =>
      page.evaluate(() => {
        const attribute = (selector: string, name: string) => document.head.querySelector(selector)?.getAttribute(name) ?? null;
        return {
          robots: attribute('meta[name="robots"]', 'content'),
          canonical: attribute('link[rel="canonical"]', 'href'),
          alternates: [...document.head.querySelectorAll('link[rel="alternate"][hreflang]')].map(
            (link) => `${link.getAttribute('hreflang')} ${link.getAttribute('href')}`,
          ),
          description: attribute('meta[name="description"]', 'content'),
          ogUrl: attribute('meta[property="og:url"]', 'content'),
          ogLocale: attribute('meta[property="og:locale"]', 'content'),
          product: JSON.parse(document.head.querySelector('script[type="application/ld+json"]')?.textContent ?? 'null')?.name ?? null,
        };
      });
    const origin = new URL(page.url() === 'about:blank' ? 'http://localhost:3000' : page.url()).origin;
    await page.goto('/nowhere');
    await expect.poll(head).toMatchObject({ robots: 'noindex', canonical: null, alternates: [] });
    // From the 404 page to a product, by clicking: nothing of the 404 page's head is left.
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Products', exact: true }).click();
    await page
      .getByRole('main')
      .getByRole('link', { name: /Hoi An Handkerchief/ })
      .first()
      .click();
    await expect(page).toHaveTitle('Hoi An Handkerchief — Maison Khăn');
    const address = `${origin}/products/hoi-an-handkerchief`;
    await expect.poll(head).toMatchObject({
      robots: null,
      canonical: address,
      ogUrl: address,
      ogLocale: 'en_GB',
      product: 'Hoi An Handkerchief',
      alternates: [`en ${address}`, `vi ${origin}/vi/products/hoi-an-handkerchief`, `x-default ${address}`],
    });
    // The other language: the same page at its own address, its head in Vietnamese.
    await switchLanguage(page, 'Tiếng Việt');
    await expect(page).toHaveTitle('Khăn tay Hội An — Maison Khăn');
    await expect.poll(head).toMatchObject({
      canonical: `${origin}/vi/products/hoi-an-handkerchief`,
      ogLocale: 'vi_VN',
      product: 'Khăn tay Hội An',
    });
    expect((await head()).description).toMatch(/Hội An/);
  });

  test('home has heroes, the collection strip, the Pinner block, New this season and View All Products', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('img', { name: /silk handkerchief in ivory/ })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Our collections' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Pinner / Handkerchief' })).toBeVisible();
    const season = page.getByRole('region', { name: 'New this season' });
    await expect(season.getByRole('link', { name: /Hoi An Handkerchief/ })).toBeVisible();
    await expect(season.getByRole('link', { name: /Dragon Bridge Handkerchief/ })).toBeVisible();
    await page.getByRole('link', { name: 'View All Products' }).click();
    await expect(page).toHaveURL('/products');
  });

  test('404 shows the message, logs the path and leads home', async ({ page, consoleErrors }) => {
    await page.goto('/no/such/page');
    await expect(page.getByRole('heading', { name: 'Oops! Page not found' })).toBeVisible();
    // The console event arrives asynchronously, after the page has rendered.
    await expect.poll(() => consoleErrors.some((text) => text.includes('/no/such/page'))).toBe(true);
    await page.getByRole('link', { name: 'Return to Home' }).click();
    await expect(page).toHaveURL('/');
  });

  test('every path change scrolls to the top', async ({ page }) => {
    await page.goto('/about');
    await page.setViewportSize({ width: 1280, height: 500 });
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await page.getByRole('contentinfo').getByRole('link', { name: 'Contact', exact: true }).click();
    await expect(page).toHaveURL('/contact');
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  });
});

test.describe('forms', () => {
  test('contact form checks the email, confirms and clears', async ({ page }) => {
    await page.goto('/contact');
    await expect(page.getByLabel('Comment')).toHaveAttribute('rows', '8');
    await page.getByLabel('Name').fill('Lan');
    await page.getByLabel('Email').fill('lan@');
    await page.getByRole('button', { name: 'SUBMIT' }).click();
    await expect(page.getByRole('alert')).toHaveText(/valid email address/);
    await page.getByLabel('Email').fill('lan@example.com');
    await page.getByLabel('Phone').fill('0912345678');
    await page.getByLabel('Comment').fill('Do you gift-wrap?');
    await page.getByRole('button', { name: 'SUBMIT' }).click();
    await expect(page.getByText('Thank you, Lan. We have received your message')).toBeVisible();
    await expect(page.getByLabel('Email')).toHaveValue('');
    await expect(page.getByLabel('Comment')).toHaveValue('');
  });

  test('newsletter sign-up checks the email and confirms', async ({ page }) => {
    await page.goto('/about');
    const footer = page.getByRole('contentinfo');
    await expect(footer.getByText('ORDER NOW')).toBeVisible();
    await footer.getByLabel('Sign up for our newsletter').fill('not-an-email');
    await footer.getByRole('button', { name: 'Subscribe' }).click();
    await expect(footer.getByRole('alert')).toContainText('valid email');
    await footer.getByLabel('Sign up for our newsletter').fill('lan@example.com');
    await footer.getByRole('button', { name: 'Subscribe' }).click();
    await expect(footer.getByText('lan@example.com is now subscribed')).toBeVisible();
    await expect(footer.getByLabel('Sign up for our newsletter')).toHaveValue('');
    await footer.getByRole('link', { name: 'Store / SEARCH' }).click();
    await expect(page).toHaveURL('/products');
  });
});

test.describe('accessibility', () => {
  // axe-core adds its own <style> while it checks contrast: the policy is tested everywhere else.
  test.use({ bypassCSP: true });
  for (const path of ['/', '/about', '/contact', '/nowhere']) {
    test(`${path} has no WCAG 2.1 AA violations`, async ({ page }) => {
      await page.goto(path);
      await expect(page.locator('main h1, main h2').first()).toBeVisible();
      await expectNoAxeViolations(page);
    });
  }

  test('no violations with the language menu, search panel and side menu open', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('button', { name: 'Language: English' }).click();
    await expectNoAxeViolations(page);
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Search' }).click();
    await expect(page.getByText('Start typing to search for products')).toBeVisible();
    await expectNoAxeViolations(page);
    await page.keyboard.press('Escape');
    await page.setViewportSize({ width: 360, height: 740 });
    await page.getByRole('button', { name: 'Open menu' }).click();
    await expectNoAxeViolations(page);
  });
});
