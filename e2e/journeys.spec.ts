/**
 * A shopper moving around the shop only by clicking: header links, product cards, cart line
 * links, 'You may also like', search results, the footer, Back and Forward. Every journey
 * crosses all three remotes and the host's own pages, in both directions and more than once.
 *
 * Beyond the visible checks, a recorder in the page notes every (path, main heading) pair the
 * DOM ever showed, so a page of one remote rendered for another's URL (even for one frame)
 * fails the test, as do error panels, uncaught exceptions and console errors.
 */
import type { Page } from '@playwright/test';
import { languageOfPath } from '@maison/shared/address';
import { test, expect, switchLanguage, REMOTE_ORIGINS } from './fixtures';

interface ShopTexts {
  /** Where this language's addresses start (English at the root, Vietnamese under /vi). */
  prefix: string;
  nav: { home: string; products: string; contact: string; about: string; main: string };
  headings: {
    home: string;
    products: string;
    cart: string;
    cartEmpty: string;
    checkout: string;
    account: string;
    about: string;
    contact: string;
  };
  cartLink: RegExp;
  profileLink: string;
  addToCart: string;
  continueShopping: string;
  proceedToCheckout: string;
  signIn: string;
  search: string;
  searchDialog: string;
  newThisSeason: string;
  youMayAlsoLike: string;
  footerSearch: string;
  viewAllProducts: string;
  tabOrders: string;
  /** Search queries in the shopper's language that find one product each. */
  queries: Record<'pagoda' | 'hoiAn' | 'dragon', string>;
  products: Record<'hoanKiem' | 'pagoda' | 'hoiAn' | 'dragon', string>;
}

const EN: ShopTexts = {
  prefix: '',
  nav: { home: 'Home', products: 'Products', contact: 'Contact', about: 'About', main: 'Main' },
  headings: {
    home: 'Maison Khăn',
    products: 'Products',
    cart: 'Your cart',
    cartEmpty: 'Your cart is empty',
    checkout: 'Checkout',
    account: 'My Account',
    about: 'About Maison Khăn',
    contact: 'Contact',
  },
  cartLink: /^Cart/,
  profileLink: 'Profile',
  addToCart: 'ADD TO CART',
  continueShopping: 'Continue Shopping',
  proceedToCheckout: 'Proceed to Checkout',
  signIn: 'Sign in',
  search: 'Search',
  searchDialog: 'Search products',
  newThisSeason: 'New this season',
  youMayAlsoLike: 'You may also like',
  footerSearch: 'SEARCH',
  viewAllProducts: 'View All Products',
  tabOrders: 'Orders',
  queries: { pagoda: 'pagoda', hoiAn: 'hoi', dragon: 'dragon' },
  products: {
    hoanKiem: 'Hoan Kiem Lake Handkerchief',
    pagoda: 'One Pillar Pagoda Handkerchief',
    hoiAn: 'Hoi An Handkerchief',
    dragon: 'Dragon Bridge Handkerchief',
  },
};

const VI: ShopTexts = {
  prefix: '/vi',
  nav: { home: 'Trang chủ', products: 'Sản phẩm', contact: 'Liên hệ', about: 'Giới thiệu', main: 'Điều hướng chính' },
  headings: {
    home: 'Maison Khăn',
    products: 'Sản phẩm',
    cart: 'Giỏ hàng của bạn',
    cartEmpty: 'Giỏ hàng của bạn đang trống',
    checkout: 'Thanh toán',
    account: 'Tài khoản của tôi',
    about: 'Về Maison Khăn',
    contact: 'Liên hệ',
  },
  cartLink: /^Giỏ hàng/,
  profileLink: 'Tài khoản',
  addToCart: 'THÊM VÀO GIỎ',
  continueShopping: 'Tiếp tục mua sắm',
  proceedToCheckout: 'Tiến hành thanh toán',
  signIn: 'Đăng nhập',
  search: 'Tìm kiếm',
  searchDialog: 'Tìm kiếm sản phẩm',
  newThisSeason: 'Mới mùa này',
  youMayAlsoLike: 'Có thể bạn cũng thích',
  footerSearch: 'TÌM KIẾM',
  viewAllProducts: 'Xem tất cả sản phẩm',
  tabOrders: 'Đơn hàng',
  queries: { pagoda: 'chùa', hoiAn: 'hội an', dragon: 'cau rong' },
  products: {
    hoanKiem: 'Khăn tay Hồ Hoàn Kiếm',
    pagoda: 'Khăn tay Chùa Một Cột',
    hoiAn: 'Khăn tay Hội An',
    dragon: 'Khăn tay Cầu Rồng',
  },
};

const SLUGS = {
  hoanKiem: 'hoan-kiem-lake-handkerchief',
  pagoda: 'one-pillar-pagoda-handkerchief',
  hoiAn: 'hoi-an-handkerchief',
  dragon: 'dragon-bridge-handkerchief',
} as const;

const BROKEN = [
  'Unexpected Application Error!',
  'Lỗi ứng dụng không mong muốn!',
  'This section is temporarily unavailable',
  'Phần này tạm thời không khả dụng',
];

/** The main headings a path may show; none at all is a loading state and is allowed. */
function allowedHeadings(texts: ShopTexts, address: string): string[] {
  const h = texts.headings;
  const { path: pathname } = languageOfPath(address);
  const slug = pathname.match(/^\/products\/([^/]+)$/)?.[1];
  if (slug) {
    const key = (Object.keys(SLUGS) as Array<keyof typeof SLUGS>).find((name) => SLUGS[name] === slug);
    return key ? [texts.products[key], EN.products[key]] : [];
  }
  const byPath: Record<string, string[]> = {
    '/': [h.home],
    '/products': [h.products],
    '/cart': [h.cart, h.cartEmpty],
    '/checkout': [h.checkout, h.cartEmpty],
    '/profile': [h.account],
    '/about': [h.about],
    '/contact': [h.contact],
  };
  return byPath[pathname] ?? [];
}

/** Records, in the page, every main heading the DOM shows and the path it showed under. */
async function recordHeadings(page: Page) {
  await page.addInitScript(() => {
    const seen: Array<[string, string]> = [];
    (window as unknown as { __headingsSeen: typeof seen }).__headingsSeen = seen;
    let last: string | undefined;
    // Each time the main heading changes, note the path it appeared under.
    const note = () => {
      const heading = document.querySelector('main h1')?.textContent?.trim() ?? '';
      if (heading === last) return;
      last = heading;
      seen.push([location.pathname, heading]);
    };
    new MutationObserver(note).observe(document, { subtree: true, childList: true, characterData: true });
  });
}

async function expectOnlyMatchingHeadings(page: Page, texts: ShopTexts) {
  const seen = await page.evaluate(() => (window as unknown as { __headingsSeen: Array<[string, string]> }).__headingsSeen);
  const wrong = seen.filter(([pathname, heading]) => heading !== '' && !allowedHeadings(texts, pathname).includes(heading));
  expect(wrong, 'a page showed another page’s heading').toEqual([]);
  expect(seen.length, 'the recorder saw the journey').toBeGreaterThan(3);
}

/** The shopper's hands and eyes, in one language. */
function shopper(page: Page, texts: ShopTexts) {
  const main = page.getByRole('main');
  const header = page.locator('header').first();

  async function expectHealthy() {
    for (const text of BROKEN) await expect(page.getByRole('heading', { name: text })).toHaveCount(0);
  }

  /** The page's address in this language: links on a page stay in its language. */
  const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
  const addressOf = (path: string | RegExp) =>
    typeof path === 'string'
      ? new RegExp(`^https?://[^/]+${escape(texts.prefix)}${escape(path)}$`)
      : new RegExp(`${escape(texts.prefix)}${path.source}`);

  async function expectPage(path: string | RegExp, heading: string) {
    await expect(page).toHaveURL(addressOf(path));
    await expect(main.getByRole('heading', { name: heading, level: 1, exact: true })).toBeVisible();
    await expectHealthy();
  }

  return {
    expectPage,
    expectHealthy,
    nav: (name: keyof ShopTexts['nav']) =>
      header.getByRole('navigation', { name: texts.nav.main }).getByRole('link', { name: texts.nav[name], exact: true }).click(),
    cart: () => header.getByRole('link', { name: texts.cartLink }).click(),
    profile: () => header.getByRole('link', { name: texts.profileLink, exact: true }).click(),
    home: () => expectPage('/', texts.headings.home),
    productList: () => expectPage('/products', texts.headings.products),
    product: (key: keyof typeof SLUGS) => expectPage(new RegExp(`/products/${SLUGS[key]}(\\?.*)?$`), texts.products[key]),
    cartPage: () => expectPage('/cart', texts.headings.cart),
    emptyCart: () => expectPage('/cart', texts.headings.cartEmpty),
    checkout: () => expectPage('/checkout', texts.headings.checkout),
    account: () => expectPage(/\/profile(\?.*)?$/, texts.headings.account),
    about: () => expectPage('/about', texts.headings.about),
    contact: () => expectPage('/contact', texts.headings.contact),
    card: (key: keyof typeof SLUGS) =>
      main
        .getByRole('link', { name: new RegExp(texts.products[key]) })
        .first()
        .click(),
    searchFor: async (key: keyof ShopTexts['queries']) => {
      const query = texts.queries[key];
      await header.getByRole('button', { name: texts.search, exact: true }).click();
      const dialog = page.getByRole('dialog', { name: texts.searchDialog });
      await dialog.getByRole('searchbox').fill(query);
      await dialog.getByRole('link', { name: new RegExp(texts.products[key]) }).click();
      await expect(dialog).toBeHidden();
    },
  };
}

async function expectNoConsoleErrors(consoleErrors: string[]) {
  expect(consoleErrors, 'console errors during the journey').toEqual([]);
}

async function crossAllRemotes(page: Page, texts: ShopTexts) {
  const shop = shopper(page, texts);
  const main = page.getByRole('main');

  // host → catalogue → catalogue → cart → catalogue → cart (the reported sequence, and back again)
  await shop.nav('products');
  await shop.productList();
  await shop.card('pagoda');
  await shop.product('pagoda');
  await main.getByRole('button', { name: texts.addToCart }).click();
  await shop.cart();
  await shop.cartPage();
  await main.getByRole('link', { name: texts.products.pagoda }).click();
  await shop.product('pagoda');
  await shop.cart();
  await shop.cartPage();
  await main.getByRole('link', { name: texts.continueShopping }).click();
  await shop.productList();
  await shop.cart();
  await shop.cartPage();
  await shop.nav('products');
  await shop.productList();

  // catalogue → account → catalogue → account, through 'You may also like'
  await shop.card('hoiAn');
  await shop.product('hoiAn');
  await shop.profile();
  await shop.account();
  await page.getByRole('tab', { name: texts.tabOrders }).click();
  await shop.nav('products');
  await shop.productList();
  await shop.card('dragon');
  await shop.product('dragon');
  await page
    .getByRole('region', { name: texts.youMayAlsoLike })
    .getByRole('link', { name: new RegExp(texts.products.hoanKiem) })
    .click();
  await shop.product('hoanKiem');
  await shop.profile();
  await shop.account();

  // account → cart → checkout → account (Sign in) → host → catalogue (home cards)
  await shop.cart();
  await shop.cartPage();
  await main.getByRole('link', { name: texts.proceedToCheckout }).click();
  await shop.checkout();
  await main.getByRole('link', { name: texts.signIn }).click();
  await shop.account();
  await shop.nav('home');
  await shop.home();
  await page
    .getByRole('region', { name: texts.newThisSeason })
    .getByRole('link', { name: new RegExp(texts.products.hoiAn) })
    .click();
  await shop.product('hoiAn');

  // search results from every kind of page
  await shop.nav('about');
  await shop.about();
  await shop.searchFor('dragon');
  await shop.product('dragon');
  await shop.cart();
  await shop.cartPage();
  await shop.searchFor('pagoda');
  await shop.product('pagoda');
  await shop.profile();
  await shop.account();
  await shop.searchFor('hoiAn');
  await shop.product('hoiAn');

  // Back through everything, then Forward again
  await page.goBack();
  await shop.account();
  await page.goBack();
  await shop.product('pagoda');
  await page.goBack();
  await shop.cartPage();
  await page.goBack();
  await shop.product('dragon');
  await page.goBack();
  await shop.about();
  await page.goForward();
  await shop.product('dragon');
  await page.goForward();
  await shop.cartPage();
  await page.goForward();
  await shop.product('pagoda');
  await page.goForward();
  await shop.account();

  // The footer and the home page's own links
  await shop.nav('contact');
  await shop.contact();
  await page.getByRole('contentinfo').getByRole('link', { name: texts.footerSearch }).click();
  await shop.productList();
  await shop.nav('home');
  await shop.home();
  await main.getByRole('link', { name: texts.viewAllProducts }).click();
  await shop.productList();
  await shop.cart();
  await shop.cartPage();
  await page.goBack();
  await shop.productList();
  await page.goBack();
  await shop.home();
  await page.goForward();
  await shop.productList();
  await page.goForward();
  await shop.cartPage();
}

test.describe('moving between remotes by clicking', () => {
  test(
    'in English: every remote and the host, back and forth, with Back and Forward',
    { tag: '@smoke' },
    async ({ page, consoleErrors }) => {
      await recordHeadings(page);
      await page.goto('/');
      await shopper(page, EN).home();
      await crossAllRemotes(page, EN);
      await expectOnlyMatchingHeadings(page, EN);
      await expectNoConsoleErrors(consoleErrors);
    },
  );

  test('in Vietnamese: the same journeys', async ({ page, consoleErrors }) => {
    await recordHeadings(page);
    await page.goto('/');
    await switchLanguage(page, 'Tiếng Việt');
    await shopper(page, VI).home();
    await crossAllRemotes(page, VI);
    await expectOnlyMatchingHeadings(page, VI);
    await expectNoConsoleErrors(consoleErrors);
  });

  test('starting on a remote page: product → cart → product → cart (the reported crash)', async ({ page, consoleErrors }) => {
    await recordHeadings(page);
    const shop = shopper(page, EN);
    await page.goto(`/products/${SLUGS.pagoda}`);
    await shop.product('pagoda');
    await page.getByRole('main').getByRole('button', { name: EN.addToCart }).click();
    await shop.cart();
    await shop.cartPage();
    await page.getByRole('main').getByRole('link', { name: EN.products.pagoda }).click();
    await shop.product('pagoda');
    await shop.cart();
    await shop.cartPage();
    await shop.nav('products');
    await shop.productList();
    await page.goBack();
    await shop.cartPage();
    await expectOnlyMatchingHeadings(page, EN);
    await expectNoConsoleErrors(consoleErrors);
  });
});

test.describe('moving between remotes on a slow network', () => {
  /** Remote code arrives 1–2 s late (a fixed, seeded sequence), while the shopper keeps clicking. */
  async function slowRemoteChunks(page: Page) {
    let seed = 7;
    const nextDelay = () => {
      seed = (seed * 16807) % 2147483647;
      return 1000 + (seed % 1000);
    };
    for (const origin of Object.values(REMOTE_ORIGINS)) {
      await page.route(new RegExp(`^${origin}/.*\\.(js|css)$`), async (route) => {
        await new Promise((resolve) => setTimeout(resolve, nextDelay()));
        await route.continue().catch(() => undefined);
      });
    }
  }

  test('clicking on before a page arrives never shows a stale or foreign page', async ({ page, consoleErrors }) => {
    await recordHeadings(page);
    await slowRemoteChunks(page);
    const shop = shopper(page, EN);
    await page.goto('/');
    await shop.home();

    // Products is still on its way when the shopper goes to the cart, then to About.
    await shop.nav('products');
    await shop.cart();
    await shop.emptyCart();
    await shop.nav('products');
    await shop.nav('about');
    await shop.about();
    // The late catalogue code must not replace About.
    await page.waitForTimeout(2500);
    await shop.about();

    await shop.nav('products');
    await shop.productList();
    await shop.card('pagoda');
    await shop.product('pagoda');
    await page.getByRole('main').getByRole('button', { name: EN.addToCart }).click();
    await shop.profile();
    await shop.cart();
    await shop.cartPage();
    await page.getByRole('main').getByRole('link', { name: EN.products.pagoda }).click();
    await shop.product('pagoda');
    await shop.profile();
    await shop.account();
    await page.goBack();
    await shop.product('pagoda');
    await page.goBack();
    await shop.cartPage();
    await page.goForward();
    await shop.product('pagoda');
    await expectOnlyMatchingHeadings(page, EN);
    await expectNoConsoleErrors(consoleErrors);
  });

  test('in Vietnamese, a slow cart page arrives in Vietnamese after the shopper has moved on and back', async ({ page, consoleErrors }) => {
    await recordHeadings(page);
    await page.goto('/');
    await switchLanguage(page, 'Tiếng Việt');
    await slowRemoteChunks(page);
    const shop = shopper(page, VI);
    await shop.cart();
    await shop.nav('contact');
    await shop.contact();
    await shop.cart();
    await shop.emptyCart();
    await shop.nav('products');
    await shop.productList();
    await shop.card('hoiAn');
    await shop.product('hoiAn');
    await page.goBack();
    await shop.productList();
    await page.goBack();
    await shop.emptyCart();
    await expectOnlyMatchingHeadings(page, VI);
    await expectNoConsoleErrors(consoleErrors);
  });
});

test.describe('a path change ends at the top of the page', () => {
  test('the footer link from the bottom of the home page, four times, fast and slow', async ({ page }) => {
    const shop = shopper(page, EN);
    await page.goto('/');
    await shop.home();
    for (let round = 0; round < 4; round += 1) {
      if (round === 2) {
        // The catalogue's code now arrives late, while the scroll to the top is under way.
        await page.route(new RegExp(`^${REMOTE_ORIGINS.catalog}/.*\\.(js|css)$`), async (route) => {
          await new Promise((resolve) => setTimeout(resolve, 700));
          await route.continue().catch(() => undefined);
        });
      }
      await page.evaluate(() => window.scrollTo({ top: document.documentElement.scrollHeight, behavior: 'instant' }));
      await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(200);
      await page.getByRole('contentinfo').getByRole('link', { name: EN.footerSearch }).click();
      await shop.productList();
      await expect.poll(() => page.evaluate(() => window.scrollY), { timeout: 5000 }).toBe(0);
      // It stays there once the page has settled.
      await page.waitForTimeout(1200);
      expect(await page.evaluate(() => window.scrollY)).toBe(0);
      await shop.nav('home');
      await shop.home();
    }
  });
});
