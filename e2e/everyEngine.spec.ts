/**
 * A shopper's visit, in every engine the suite runs (Chromium, Firefox, WebKit): written once,
 * against the Shopper interface (e2e/engines/shopper.ts), by role, label and visible text.
 * Every test starts in a fresh browser (the intro plays), and fails if a page reports a
 * Content-Security-Policy violation, an uncaught exception or a console error it did not
 * expect (e2e/engines/test.ts).
 */
import { pathInLanguage } from '@maison/shared/address';
import { test, expect } from './engines/test';
import type { Shopper, Target } from './engines/shopper';
import { heldMainScript, type HeldDoor } from './heldMainScript';

const TEXTS = {
  en: {
    languageButton: /^Language:/,
    nav: { name: 'Main', home: 'Home', products: 'Products', about: 'About' },
    home: 'Maison Khăn',
    productsTitle: 'Products',
    product: 'Hoan Kiem Lake Handkerchief',
    price: { first: '10,000đ', second: '20,000đ' },
    addToCart: 'ADD TO CART',
    added: 'Added to cart',
    cart: { empty: 'Cart', one: 'Cart, 1 item', two: 'Cart, 2 items' },
    cartTitle: 'Your cart',
    increase: 'Increase quantity of Hoan Kiem Lake Handkerchief',
    profile: 'Profile',
    account: 'My Account',
    orders: 'Orders',
    about: 'About Maison Khăn',
    notFound: 'Oops! Page not found',
    returnHome: 'Return to Home',
    tapHeld: 'Taken: it happens as soon as the page is ready',
  },
  vi: {
    languageButton: /^Ngôn ngữ:/,
    nav: { name: 'Điều hướng chính', home: 'Trang chủ', products: 'Sản phẩm', about: 'Giới thiệu' },
    home: 'Maison Khăn',
    productsTitle: 'Sản phẩm',
    product: 'Khăn tay Hồ Hoàn Kiếm',
    price: { first: '10.000đ', second: '20.000đ' },
    addToCart: 'THÊM VÀO GIỎ',
    added: 'Đã thêm vào giỏ hàng',
    cart: { empty: 'Giỏ hàng', one: 'Giỏ hàng, 1 sản phẩm', two: 'Giỏ hàng, 2 sản phẩm' },
    cartTitle: 'Giỏ hàng của bạn',
    increase: 'Tăng số lượng Khăn tay Hồ Hoàn Kiếm',
    profile: 'Tài khoản',
    account: 'Tài khoản của tôi',
    orders: 'Đơn hàng',
    about: 'Về Maison Khăn',
    notFound: 'Rất tiếc! Không tìm thấy trang',
    returnHome: 'Về trang chủ',
    tapHeld: 'Đã nhận: sẽ thực hiện ngay khi trang sẵn sàng',
  },
};
type Texts = (typeof TEXTS)['en'];

const HEADER: Target = { role: 'banner' };
const MAIN: Target = { role: 'main' };
const mainHeading = (name: string): Target => ({ role: 'heading', level: 1, name, within: MAIN });

async function nav(shop: Shopper, texts: Texts, link: keyof Omit<Texts['nav'], 'name'>) {
  await shop.click({ role: 'link', name: texts.nav[link], within: { role: 'navigation', name: texts.nav.name, within: HEADER } });
}

async function cartLink(shop: Shopper, name: string) {
  await shop.see({ role: 'link', name, within: HEADER });
}

/** The intro, then the home page, in a fresh browser. */
async function arriveHome(shop: Shopper, texts: Texts) {
  await shop.open('/');
  await shop.see(mainHeading(texts.home));
  await shop.see({ role: 'region', name: /New this season|Mới mùa này/ });
}

async function addFirstProductToCart(shop: Shopper, texts: Texts) {
  await nav(shop, texts, 'products');
  await shop.see(mainHeading(texts.productsTitle));
  await shop.click({ role: 'link', name: new RegExp(texts.product), within: MAIN });
  await shop.at('/products/hoan-kiem-lake-handkerchief');
  await shop.see(mainHeading(texts.product));
  await shop.click({ role: 'button', name: texts.addToCart, within: MAIN });
  await shop.see({ text: texts.added });
  await cartLink(shop, texts.cart.one);
}

test.describe('a visit', () => {
  // The shop logs an unknown path to the console, as the original did.
  test.use({ expectedProblems: /^console error: 404 Error: User attempted to access non-existent route: \/no-such-page / });

  for (const language of ['en', 'vi'] as const) {
    const texts = TEXTS[language];
    test(
      `a visit in ${language === 'en' ? 'English' : 'Vietnamese'}: host and all three remotes by clicking, Back and Forward, an unknown path`,
      {
        tag: '@every-engine',
      },
      async ({ shop }) => {
        // The page's address in the visit's language: links on a page stay in its language.
        const at = (path: string) => shop.at(pathInLanguage(path, language));
        await arriveHome(shop, TEXTS.en);
        if (language === 'vi') {
          await shop.click({ role: 'button', name: TEXTS.en.languageButton, within: HEADER });
          await shop.click({ role: 'menuitemradio', name: 'Tiếng Việt' });
          await shop.see({ role: 'button', name: texts.languageButton, within: HEADER });
        }
        expect(await shop.lang()).toBe(language);

        // Catalogue: the list, a product card, a style with its price, ADD TO CART.
        await nav(shop, texts, 'products');
        await at('/products');
        await shop.see(mainHeading(texts.productsTitle));
        await shop.click({ role: 'link', name: new RegExp(texts.product), within: MAIN });
        await shop.see(mainHeading(texts.product));
        await shop.see({ text: texts.price.first, within: MAIN });
        await shop.click({ role: 'button', name: new RegExp(`, ${texts.price.second}$`), within: MAIN });
        await shop.see({ text: texts.price.second, within: MAIN });
        await shop.click({ role: 'button', name: texts.addToCart, within: MAIN });
        await shop.see({ text: texts.added });
        await cartLink(shop, texts.cart.one);

        // Cart: the line, then one more of it.
        await shop.click({ role: 'link', name: texts.cart.one, within: HEADER });
        await at('/cart');
        await shop.see(mainHeading(texts.cartTitle));
        await shop.see({ role: 'link', name: texts.product, within: MAIN });
        await shop.click({ role: 'button', name: texts.increase, within: MAIN });
        await cartLink(shop, texts.cart.two);

        // Account: the Orders tab.
        await shop.click({ role: 'link', name: texts.profile, within: HEADER });
        await at('/profile');
        await shop.see(mainHeading(texts.account));
        await shop.click({ role: 'tab', name: texts.orders, within: MAIN });
        await shop.see({ role: 'tabpanel', name: texts.orders });

        // The host's own page, then Back and Forward across the remotes.
        await nav(shop, texts, 'about');
        await at('/about');
        await shop.see(mainHeading(texts.about));
        await shop.back();
        await shop.see(mainHeading(texts.account));
        await shop.back();
        await shop.see(mainHeading(texts.cartTitle));
        await shop.forward();
        await shop.see(mainHeading(texts.account));
        await shop.forward();
        await shop.see(mainHeading(texts.about));

        // An address that is not a page: the shop's 404, and the way home.
        await shop.open('/no-such-page');
        await shop.see(mainHeading(texts.notFound));
        expect(await shop.lang()).toBe(language);
        await shop.click({ role: 'link', name: texts.returnHome, within: MAIN });
        await at('/');
        await shop.see(mainHeading(texts.home));
        await cartLink(shop, texts.cart.two);
      },
    );
  }
});

test(
  'checkout: the form, Complete Order, the toast, back home with an empty cart, the order in Orders',
  { tag: '@every-engine' },
  async ({ shop }) => {
    const texts = TEXTS.en;
    await arriveHome(shop, texts);
    await addFirstProductToCart(shop, texts);
    await shop.click({ role: 'link', name: texts.cart.one, within: HEADER });
    await shop.click({ role: 'link', name: 'Proceed to Checkout', within: MAIN });
    await shop.at('/checkout');
    await shop.see(mainHeading('Checkout'));
    await shop.fill({ label: 'Email or mobile phone number' }, 'lan@example.com');
    await shop.fill({ label: 'Last name' }, 'Nguyễn');
    await shop.fill({ label: 'Address' }, '12 Hàng Gai');
    await shop.fill({ label: 'City' }, 'Hà Nội');
    await shop.click({ role: 'button', name: 'Complete Order', within: MAIN });
    await shop.see({ text: 'Order placed successfully!' });
    // Two seconds later, the home page.
    await shop.at('/');
    await shop.see(mainHeading(texts.home));
    await cartLink(shop, texts.cart.empty);
    await shop.click({ role: 'link', name: texts.profile, within: HEADER });
    await shop.click({ role: 'tab', name: texts.orders, within: MAIN });
    // 10,000đ + 5,000đ shipping + 10% tax.
    await shop.see({ text: '16,000đ', within: { role: 'tabpanel', name: texts.orders } });
  },
);

test('the cart survives a reload', { tag: '@every-engine' }, async ({ shop }) => {
  const texts = TEXTS.en;
  await arriveHome(shop, texts);
  await addFirstProductToCart(shop, texts);
  await shop.reload();
  await shop.see(mainHeading(texts.product));
  await cartLink(shop, texts.cart.one);
  await shop.click({ role: 'link', name: texts.cart.one, within: HEADER });
  await shop.see({ role: 'link', name: texts.product, within: MAIN });
});

test.describe('a tap before the page is alive', () => {
  let door: HeldDoor;
  test.beforeAll(async ({ baseURL }) => {
    door = await heldMainScript(baseURL!);
  });
  test.afterAll(() => door.close());

  for (const language of ['en', 'vi'] as const) {
    const texts = TEXTS[language];
    test(
      `${language}: ADD TO CART looks busy and says why at once, taps twice, and adds once when the page is alive`,
      { tag: '@every-engine' },
      async ({ shop }) => {
        // The product page with its main script held back, as on a slow phone: the intro's backdrop
        // waits for it, then gives the page (a working document) to the shopper anyway.
        door.hold();
        await shop.arrive(`${door.origin}${pathInLanguage('/products/hoan-kiem-lake-handkerchief', language)}`);
        const add: Target = { role: 'button', name: texts.addToCart, within: MAIN };
        await shop.see(add);
        await shop.tap(add);
        await shop.see({ ...add, busy: true, description: texts.tapHeld });
        // Nothing else seemed to happen: the shopper taps again.
        await shop.tap(add);
        door.release();
        await shop.see({ text: texts.added });
        await cartLink(shop, texts.cart.one);
        await shop.see({ ...add, busy: false, description: '' });
        // Once, not twice: still one item a moment later.
        await new Promise((resolve) => setTimeout(resolve, 500));
        await cartLink(shop, texts.cart.one);
      },
    );
  }
});

test.describe('a remote whose server is down', () => {
  // The host logs each failed load for on-call; the shopper sees the panel. Firefox also
  // reports the refused connection to the cart's manifest as a page error.
  test.use({
    expectedProblems:
      /^console error: \[federation\] cart: |localhost:31\d2\/(mf-manifest\.json|remoteEntry\.js)\. \(Reason: CORS request did not succeed\)/,
  });

  test(
    'its area says so, the shell keeps working, Retry brings it back once its server is up',
    { tag: '@every-engine' },
    async ({ shop, ownShop }) => {
      const texts = TEXTS.en;
      const servers = await ownShop({ down: ['cart'] });
      await shop.open(`${servers.origin('host')}/cart`);
      const panel: Target = { role: 'region', name: 'This section is temporarily unavailable', within: MAIN };
      await shop.see(panel);

      // Header, host pages and other remotes still work.
      await nav(shop, texts, 'products');
      await shop.see(mainHeading(texts.productsTitle));
      await shop.back();
      await shop.see(panel);

      await servers.start('cart');
      await shop.click({ role: 'button', name: 'Retry', within: panel });
      await shop.see({ role: 'heading', name: 'Your cart is empty', within: MAIN });
      await shop.notSee({ role: 'region', name: 'This section is temporarily unavailable' });
    },
  );
});
