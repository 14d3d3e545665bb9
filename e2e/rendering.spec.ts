/**
 * HTML-first pages: the public pages arrive rendered, in the language of their address (English
 * at the root, Vietnamese under /vi/), readable with JavaScript off (as crawlers and link
 * previews read them), and come alive without a visible change. What a shopper sees, by role and
 * text, from the first paint.
 */
import type { Browser, Page } from '@playwright/test';
import { pathInLanguage } from '@maison/shared/address';
import { test, expect, originOf, cartBadge, switchLanguage } from './fixtures';

const HOST = originOf('host');
const PRODUCT = '/products/hoan-kiem-lake-handkerchief';
const PUBLIC_ROUTES = ['/', '/products', PRODUCT, '/about', '/contact'] as const;

/** What each public page shows, in each language, with nothing stored. */
const SHOWN = {
  en: {
    headings: {
      '/': 'Maison Khăn',
      '/products': 'Products',
      [PRODUCT]: 'Hoan Kiem Lake Handkerchief',
      '/about': 'About Maison Khăn',
      '/contact': 'Contact',
    },
    navigation: ['Home', 'Products', 'Contact', 'About'],
    otherLanguage: ['Trang chủ', 'Sản phẩm', 'Giới thiệu', 'Liên hệ'],
  },
  vi: {
    headings: {
      '/': 'Maison Khăn',
      '/products': 'Sản phẩm',
      [PRODUCT]: 'Khăn tay Hồ Hoàn Kiếm',
      '/about': 'Về Maison Khăn',
      '/contact': 'Liên hệ',
    },
    navigation: ['Trang chủ', 'Sản phẩm', 'Liên hệ', 'Giới thiệu'],
    otherLanguage: ['Home', 'Products', 'About', 'Contact'],
  },
} as const;
type Language = keyof typeof SHOWN;

/** A page's address in a language. */
const at = (route: string, language: Language) => pathInLanguage(route, language);

/** A browser context with JavaScript off, as a crawler reads the shop: no cookie, no storage. */
async function withoutScript(browser: Browser) {
  return browser.newContext({ javaScriptEnabled: false, baseURL: HOST });
}

test.describe('with JavaScript off, as crawlers read them', () => {
  test('the product list: names, prices and 4 ITEMS, in both languages, and its links navigate', async ({ browser }) => {
    for (const [language, texts] of [
      ['en', { count: '4 ITEMS', name: 'One Pillar Pagoda Handkerchief', price: '8,000đ', from: 'From 10,000đ' }],
      ['vi', { count: '4 SẢN PHẨM', name: 'Khăn tay Chùa Một Cột', price: '8.000đ', from: 'Từ 10.000đ' }],
    ] as const) {
      const context = await withoutScript(browser);
      const page = await context.newPage();
      await page.goto(at('/products', language));
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(SHOWN[language].headings['/products']);
      await expect(page.getByText(texts.count, { exact: true })).toBeVisible();
      await expect(page.getByText(texts.name, { exact: true })).toBeVisible();
      await expect(page.getByText(texts.price, { exact: true })).toBeVisible();
      await expect(page.getByText(texts.from).first()).toBeVisible();
      await page
        .getByRole('link', { name: new RegExp(texts.name) })
        .first()
        .click();
      // Links on a page stay in its language.
      await expect(page).toHaveURL(`${HOST}${at('/products/one-pillar-pagoda-handkerchief', language)}`);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(texts.name);
      await page.getByRole('navigation').first().getByRole('link', { name: SHOWN[language].navigation[3] }).click();
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(SHOWN[language].headings['/about']);
      await expect(page).toHaveURL(`${HOST}${at('/about', language)}`);
      await context.close();
    }
  });

  test('a product page: name, price, the description open in the accordion, in both languages', async ({ browser }) => {
    for (const [language, texts] of [
      ['en', { price: '10,000đ', description: /^The Lake of the Returned Sword lies at the heart of Hà Nội/, section: 'DESCRIPTION' }],
      ['vi', { price: '10.000đ', description: /^Hồ Gươm nằm giữa lòng Hà Nội/, section: 'MÔ TẢ' }],
    ] as const) {
      const context = await withoutScript(browser);
      const page = await context.newPage();
      await page.goto(at(PRODUCT, language));
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(SHOWN[language].headings[PRODUCT]);
      await expect(page.getByText(texts.price, { exact: true }).first()).toBeVisible();
      await expect(page.getByRole('button', { name: texts.section })).toHaveAttribute('aria-expanded', 'true');
      await expect(page.getByRole('region', { name: texts.section })).toHaveText(texts.description);
      await context.close();
    }
  });

  test('every public page shows its heading and the header in the language of its address, with no loading placeholder', async ({
    browser,
  }) => {
    for (const language of ['en', 'vi'] as const) {
      const context = await withoutScript(browser);
      const page = await context.newPage();
      for (const route of PUBLIC_ROUTES) {
        const response = await page.goto(at(route, language));
        expect(response?.status(), route).toBe(200);
        await expect(page.locator('html'), route).toHaveAttribute('lang', language);
        await expect(page.getByRole('main').getByRole('heading', { level: 1 }), route).toHaveText(SHOWN[language].headings[route]);
        await expect(page.getByRole('navigation').first().getByRole('link'), route).toHaveText([...SHOWN[language].navigation]);
        await expect(page.getByTestId('remote-loading'), route).toHaveCount(0);
      }
      await context.close();
    }
  });

  test('an unknown path and an unknown product show their pages with HTTP 404', async ({ browser }) => {
    const context = await withoutScript(browser);
    const page = await context.newPage();
    const missing = await page.goto('/nowhere/<b>bold</b>');
    expect(missing?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Oops! Page not found');
    const product = await page.goto('/products/<img src=x onerror=alert(1)>');
    expect(product?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Product not found');
    await expect(page.getByText('<img src=x onerror=alert(1)>', { exact: false })).toBeVisible();
    const vietnamese = await page.goto('/vi/nowhere');
    expect(vietnamese?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Rất tiếc! Không tìm thấy trang');
    await context.close();
  });
});

/**
 * Records, at every frame from the first paint until the page has been idle a while, what a
 * shopper sees: the main headings, the header's navigation, loading placeholders, layout shifts.
 */
async function recordUntilIdle(page: Page, url: string) {
  await page.addInitScript(() => {
    const frames: Array<{ headings: string[]; navigation: string[]; placeholders: number; text: string }> = [];
    let shift = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as Array<PerformanceEntry & { value: number; hadRecentInput: boolean }>)
        if (!entry.hadRecentInput) shift += entry.value;
    }).observe({ type: 'layout-shift', buffered: true });
    const sample = () => {
      // A page on its way to the shopper's language is never shown (the boot script, data-moving).
      if (document.querySelector('main') && !document.documentElement.hasAttribute('data-moving')) {
        frames.push({
          headings: [...document.querySelectorAll('main h1')].map((heading) => heading.textContent?.trim() ?? ''),
          navigation: [...document.querySelectorAll('header nav a')].map((link) => link.textContent?.trim() ?? ''),
          placeholders: document.querySelectorAll('[data-testid="remote-loading"], [role="region"][aria-label*="unavailable"]').length,
          text: document.body.innerText,
        });
      }
      requestAnimationFrame(sample);
    };
    requestAnimationFrame(sample);
    Object.assign(window, { __recorded: () => ({ frames, shift }) });
  });
  await page.goto(url);
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(500);
  return page.evaluate(() =>
    (
      window as unknown as {
        __recorded: () => {
          frames: Array<{ headings: string[]; navigation: string[]; placeholders: number; text: string }>;
          shift: number;
        };
      }
    ).__recorded(),
  );
}

test.describe('coming alive without a flash', () => {
  for (const language of ['en', 'vi'] as const) {
    test(`in ${language === 'en' ? 'English' : 'Vietnamese'}: from the first paint until idle, one heading, no placeholder, no other language, no shift`, async ({
      page,
    }) => {
      for (const route of PUBLIC_ROUTES) {
        const { frames, shift } = await recordUntilIdle(page, at(route, language));
        expect(frames.length, route).toBeGreaterThan(5);
        const heading = SHOWN[language].headings[route];
        for (const [index, frame] of frames.entries()) {
          expect(frame.headings, `${route}, frame ${index}`).toEqual([heading]);
          expect(frame.navigation, `${route}, frame ${index}`).toEqual(expect.arrayContaining([...SHOWN[language].navigation]));
          expect(frame.placeholders, `${route}, frame ${index}: placeholders`).toBe(0);
          for (const word of SHOWN[language].otherLanguage) expect(frame.navigation, `${route}, frame ${index}`).not.toContain(word);
        }
        expect(shift, `${route}: layout shift`).toBeLessThanOrEqual(0.01);
        // Alive: the page is React's now (a link navigates without a new document).
        expect(await page.evaluate(() => document.documentElement.dataset.alive), route).toBe('true');
      }
    });
  }

  test('the HTML names every script its first view runs, none found late, and main.js runs after the first paint', async ({ page }) => {
    let html = '';
    page.on('response', async (response) => {
      if (response.request().resourceType() === 'document') html = await response.text();
    });
    await page.addInitScript(() => {
      const seen = window as unknown as { __mainAddedAt?: number; __aliveAt?: number };
      new MutationObserver(() => {
        if (document.querySelector('script[src*="/main."]')) seen.__mainAddedAt ??= performance.now();
        if (document.documentElement.dataset.alive === 'true') seen.__aliveAt ??= performance.now();
      }).observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ['data-alive'] });
    });
    await page.goto(PRODUCT);
    await expect(page.locator('html')).toHaveAttribute('data-alive', 'true');
    // The first view's scripts: those requested before the page came alive and before the idle
    // prefetch of other teams' pages began (it may begin before the page is alive, and may have
    // begun by the time this runs). The status rounds its time, so the entries' times are rounded too.
    const timing = await page.evaluate(() => {
      const seen = window as unknown as { __mainAddedAt?: number; __aliveAt: number };
      const prefetchAt = window.__MAISON_FEDERATION__?.idlePrefetchAt ?? Infinity;
      const firstView = (entry: PerformanceEntry) => entry.startTime <= seen.__aliveAt && Math.round(entry.startTime) < prefetchAt;
      return {
        paint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Infinity,
        mainAdded: seen.__mainAddedAt,
        scripts: performance
          .getEntriesByType('resource')
          .flatMap((entry) => (/\.js(\?|$)/.test(entry.name) && firstView(entry) ? [entry.name] : [])),
      };
    });
    expect(timing.mainAdded).toBeGreaterThanOrEqual(timing.paint);
    // Preloaded from the head, or (the host's chunks) async scripts of the body.
    const named = [
      ...html.matchAll(/<link rel="preload" as="script" fetchpriority="low" href="([^"]+)"[^>]*>/g),
      ...html.matchAll(/<script async fetchpriority="low" src="([^"]+)">/g),
    ].map(([, href]) => new URL(href!, HOST).href);
    // None of them waited for another to name it: the page's HTML named them all (the boot script is in it).
    expect(timing.scripts.length).toBeGreaterThan(3);
    for (const url of timing.scripts) expect(named, url).toContain(url);
    expect(html).not.toContain('rel="modulepreload"');
    // The host's chunks ask V8 to compile them whole as they arrive (webpack/PreloadPlugin.ts).
    const hostChunks = [...html.matchAll(/<script async fetchpriority="low" src="([^"]+)">/g)].map(([, src]) => src!);
    expect(hostChunks.length).toBeGreaterThan(1);
    for (const src of hostChunks)
      expect((await (await page.request.get(src)).text()).startsWith('//# allFunctionsCalledOnLoad\n'), src).toBe(true);
  });

  test('a rendered page paints from its HTML alone: its boot script and stylesheets come in it, allowed by the policy', async ({
    page,
    consoleErrors,
  }) => {
    // No stylesheet file can be had at all: the page is styled all the same, the host's part and the catalog's.
    const cssRequests: Array<{ url: string; at: number }> = [];
    await page.route(/\.css(\?|$)/, (route) => {
      cssRequests.push({ url: route.request().url(), at: Date.now() });
      return route.abort();
    });
    const response = await page.goto(PRODUCT);
    const html = await response!.text();
    expect(html).toMatch(/<body><script data-main="[^"]+">[^<]/);
    expect(html).not.toMatch(/<link[^>]+rel="stylesheet"/);
    expect(response!.headers()['content-security-policy']).not.toContain('unsafe');
    await expect(page.getByRole('heading', { level: 1, name: 'Hoan Kiem Lake Handkerchief' })).toBeVisible();
    const buy = page.getByRole('button', { name: 'ADD TO CART' });
    const styled = await buy.evaluate((button) => {
      const bare = document.body.appendChild(document.createElement('button'));
      const looks = (element: Element) => getComputedStyle(element).backgroundColor + getComputedStyle(element).padding;
      const result = {
        tokens: getComputedStyle(document.documentElement).getPropertyValue('--mk-font-display'),
        same: looks(button) === looks(bare),
      };
      bare.remove();
      return result;
    });
    expect(styled.tokens).toContain('Cormorant Garamond');
    expect(styled.same, 'the buy button is styled by the catalog').toBe(false);
    // It comes alive and works: nothing waits on a stylesheet file that never comes.
    await expect(page.locator('html')).toHaveAttribute('data-alive', 'true');
    await buy.click();
    await expect(cartBadge(page)).toHaveText('1');
    expect(consoleErrors.filter((text) => !text.includes('net::ERR_FAILED'))).toEqual([]);
    // Nothing was asked for before the first paint (later: the idle prefetch of other pages, the runtime's preloads).
    const paintedAt = await page.evaluate(
      () => performance.timeOrigin + performance.getEntriesByName('first-contentful-paint')[0]!.startTime,
    );
    expect(cssRequests.filter(({ at }) => at <= paintedAt)).toEqual([]);
    // Nor later: the federation runtime does not fetch again what the page carries when its module loads.
    const carried = await page
      .locator('style[data-href]')
      .evaluateAll((styles) => styles.map((style) => new URL(style.getAttribute('data-href')!, location.href).href));
    expect(carried.length).toBeGreaterThan(1);
    expect(cssRequests.filter(({ url }) => carried.includes(url))).toEqual([]);
  });

  test('main.js runs once the page’s main picture has painted, not before it, however late the picture comes', async ({ page }) => {
    const PICTURE = /\/images\/hoan-kiem-jade-mist\.svg$/;
    // The picture comes a second after everything else: the scripts are in long before it.
    await page.route(PICTURE, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1000));
      await route.continue();
    });
    // What the shopper sees, in any browser version: the picture arrives (its load event), and the
    // next frame paints it (paint follows a frame's callbacks). Not which element the browser
    // reports as its largest paint: Chromium 150 never reports this picture (an SVG) at all.
    await page.addInitScript(() => {
      const seen = window as unknown as { __mainAddedAt?: number; __pictureArrivedAt?: number; __pictureFrameAt?: number };
      new MutationObserver(() => {
        if (document.querySelector('script[src*="/main."]')) seen.__mainAddedAt ??= performance.now();
      }).observe(document, { subtree: true, childList: true });
      document.addEventListener(
        'load',
        ({ target }) => {
          if (!(target instanceof HTMLImageElement && target.matches('#root img[fetchpriority="high"][src*="hoan-kiem-jade-mist"]')))
            return;
          seen.__pictureArrivedAt ??= performance.now();
          requestAnimationFrame(() => (seen.__pictureFrameAt ??= performance.now()));
        },
        true,
      );
    });
    await page.goto(PRODUCT);
    await expect(page.locator('html')).toHaveAttribute('data-alive', 'true');
    const seen = await page.evaluate(() => {
      const { __mainAddedAt, __pictureArrivedAt, __pictureFrameAt } = window as unknown as Record<string, number | undefined>;
      return { mainAddedAt: __mainAddedAt, pictureArrivedAt: __pictureArrivedAt, pictureFrameAt: __pictureFrameAt };
    });
    expect(seen.pictureArrivedAt, 'the picture arrived, late').toBeGreaterThan(1000);
    expect(seen.pictureFrameAt, 'a frame painted it').toBeGreaterThanOrEqual(seen.pictureArrivedAt!);
    expect(seen.mainAddedAt, 'main.js was added after that frame').toBeGreaterThanOrEqual(seen.pictureFrameAt!);
  });

  test('while the scripts load, the page is a working document; if they never arrive, it stays one @firefox', async ({ page }) => {
    await page.route(/\/main\.[0-9a-f]+\.js$/, (route) => route.abort());
    await page.goto(PRODUCT);
    const addToCart = page.getByRole('button', { name: 'ADD TO CART' });
    await expect(addToCart).toBeVisible();
    // Nothing disabled by style, nothing claiming to be not ready once the scripts have failed.
    await expect(addToCart).toBeEnabled();
    expect(await addToCart.evaluate((button) => getComputedStyle(button).pointerEvents)).not.toBe('none');
    // Tab moves through the page's links and buttons.
    const focused: string[] = [];
    for (let step = 0; step < 6; step += 1) {
      await page.keyboard.press('Tab');
      focused.push(await page.evaluate(() => document.activeElement?.outerHTML.slice(0, 80) ?? ''));
    }
    expect(new Set(focused).size).toBe(6);
    // A link is a link: it opens its page.
    await page.getByRole('navigation').first().getByRole('link', { name: 'Products' }).click();
    await expect(page).toHaveURL(`${HOST}/products`);
    await expect(page.getByRole('heading', { name: 'Products', level: 1 })).toBeVisible();
  });

  test('automation waits for a rendered button until the page is alive: a click and a page change at once lose nothing', async ({
    page,
  }) => {
    await page.goto(PRODUCT);
    await page.getByRole('button', { name: 'ADD TO CART' }).click();
    await page.goto('/cart');
    await expect(page.getByRole('main').getByRole('listitem').filter({ hasText: 'Hoan Kiem Lake Handkerchief' })).toBeVisible();
  });

  for (const when of ['before the page asks for it', 'while the page waits on it'] as const) {
    test(`a chunk of the first view that fails to arrive ${when} is fetched again, and the page comes alive`, async ({
      page,
      consoleErrors,
    }) => {
      const requests: string[] = [];
      // The host's main script has run (and asked for the chunk) once its request is done and a moment has passed.
      const mainRan =
        when === 'while the page waits on it' &&
        page
          .waitForEvent('requestfinished', (request) => /\/main\.[0-9a-f]+\.js$/.test(request.url()))
          .then(() => page.waitForTimeout(500));
      await page.route(/\/shared-libraries\.[0-9a-f]+\.js$/, async (route) => {
        requests.push(route.request().url());
        if (requests.length > 1) return route.continue();
        await mainRan;
        return route.abort();
      });
      await page.goto(PRODUCT);
      // Not after webpack's two minutes for a script that never answers: at once.
      await expect(page.locator('html')).toHaveAttribute('data-alive', 'true', { timeout: 10_000 });
      await page.getByRole('button', { name: 'ADD TO CART' }).click();
      await expect(cartBadge(page)).toHaveText('1');
      expect(requests).toHaveLength(2);
      // The failed request's own line, nothing else.
      expect(consoleErrors.filter((text) => !text.includes('net::ERR_FAILED'))).toEqual([]);
    });
  }

  test('a tap on ADD TO CART before the page is alive shows at once that it was taken, and counts once, however often it is tapped @firefox', async ({
    page,
  }) => {
    // The host's main script is held back, as on a slow phone: the rendered page is there first.
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/main\.[0-9a-f]+\.js$/, async (route) => {
      await released;
      await route.continue();
    });
    await page.goto(PRODUCT, { waitUntil: 'commit' });
    // A shopper's tap where the button is (automation would wait for the button to be ready).
    const button = page.getByRole('button', { name: 'ADD TO CART' });
    await expect(button).toBeVisible();
    const box = (await button.boundingBox())!;
    const tap = () => page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
    // What the next frame after the tap paints: read in that frame's animation callback, before its paint.
    await page.evaluate(() => {
      const seen = window as unknown as { __nextFrame?: string | null };
      window.addEventListener(
        'click',
        () => requestAnimationFrame(() => (seen.__nextFrame = document.querySelector('#root button[aria-busy]')?.textContent ?? null)),
        { capture: true, once: true },
      );
    });
    await tap();
    await expect(button).toHaveAttribute('aria-busy', 'true');
    await expect(button).toHaveAccessibleDescription('Taken: it happens as soon as the page is ready');
    expect(await page.evaluate(() => (window as unknown as { __nextFrame?: string }).__nextFrame), 'busy in the next frame').toBe(
      'ADD TO CART',
    );
    // Nothing seemed to happen, so the shopper taps again: still one item.
    await tap();
    expect(await page.evaluate(() => document.documentElement.dataset.alive)).toBeUndefined();
    release();
    await expect(cartBadge(page)).toHaveText('1');
    await expect(page.getByRole('status').filter({ hasText: 'Added to cart' })).toBeAttached();
    await expect(button).not.toHaveAttribute('aria-busy');
    await expect(button).toHaveAccessibleDescription('');
    await expect(page.getByRole('link', { name: /^Cart/ })).toBeVisible();
    // Once, not twice.
    await page.waitForTimeout(500);
    await expect(cartBadge(page)).toHaveText('1');
  });

  test('an email typed in the footer and sent before the page is alive reaches the form, though the footer is taken over after the page', async ({
    page,
  }) => {
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/main\.[0-9a-f]+\.js$/, async (route) => {
      await released;
      await route.continue();
    });
    await page.goto('/about', { waitUntil: 'commit' });
    const footer = page.getByRole('contentinfo');
    await footer.getByLabel('Sign up for our newsletter').fill('not-an-email');
    const subscribe = footer.getByRole('button', { name: 'Subscribe' });
    await subscribe.scrollIntoViewIfNeeded();
    const box = (await subscribe.boundingBox())!;
    await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
    expect(await page.evaluate(() => document.documentElement.dataset.alive)).toBeUndefined();
    release();
    await expect(footer.getByRole('alert')).toContainText('valid email');
    await expect(footer.getByLabel('Sign up for our newsletter')).toHaveValue('not-an-email');
  });

  test('a language chosen on one page moves to its address without a reload, and is the language of every later page', async ({ page }) => {
    await page.goto('/about');
    await expect(page.locator('html')).toHaveAttribute('data-alive', 'true');
    await page.evaluate(() => Object.assign(window, { __sameDocument: true }));
    await switchLanguage(page, 'Tiếng Việt');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(SHOWN.vi.headings['/about']);
    await expect(page).toHaveURL(`${HOST}/vi/about`);
    expect(await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument), 'no reload').toBe(true);
    // A link on it stays Vietnamese; an English address opened later shows Vietnamese, never English first.
    await page.getByRole('navigation').first().getByRole('link', { name: 'Sản phẩm' }).click();
    await expect(page).toHaveURL(`${HOST}/vi/products`);
    const { frames } = await recordUntilIdle(page, PRODUCT);
    await expect(page).toHaveURL(`${HOST}/vi${PRODUCT}`);
    for (const frame of frames) expect(frame.headings).toEqual([SHOWN.vi.headings[PRODUCT]]);
    await switchLanguage(page, 'English');
    await expect(page).toHaveURL(`${HOST}${PRODUCT}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(SHOWN.en.headings[PRODUCT]);
  });
});
