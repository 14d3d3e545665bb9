import type { Page } from '@playwright/test';
import { test, expect, REMOTE_ORIGINS } from './fixtures';

type RemoteName = keyof typeof REMOTE_ORIGINS;

const REMOTE_ROUTES: Array<{ remote: RemoteName; path: string; ready: (page: Page) => Promise<void> }> = [
  {
    remote: 'catalog',
    path: '/products',
    ready: (page) => expect(page.getByRole('heading', { name: 'Products', level: 1 })).toBeVisible(),
  },
  { remote: 'cart', path: '/cart', ready: (page) => expect(page.getByRole('heading', { name: 'Your cart is empty' })).toBeVisible() },
  { remote: 'account', path: '/profile', ready: (page) => expect(page.getByRole('heading', { name: 'My Account' })).toBeVisible() },
];

test.describe('a remote that cannot be loaded', () => {
  for (const { remote, path, ready } of REMOTE_ROUTES) {
    test(`${remote} down: its area shows Retry, the shell keeps working, Retry recovers without a reload`, async ({
      page,
      consoleErrors,
    }) => {
      await page.route(`${REMOTE_ORIGINS[remote]}/**`, (route) => route.abort('connectionrefused'));
      await page.goto(path);
      const panel = page.getByRole('region', { name: 'This section is temporarily unavailable' });
      await expect(panel).toBeVisible();

      // The shell still works: language, navigation, other routes.
      await page.getByRole('link', { name: 'About', exact: true }).first().click();
      await expect(page.getByRole('heading', { name: 'About Maison Khăn' })).toBeVisible();
      await page.goBack();
      await expect(panel).toBeVisible();

      // The remote comes back: Retry loads it in place.
      await page.unroute(`${REMOTE_ORIGINS[remote]}/**`);
      const marker = await page.evaluate(() => ((window as unknown as { __noReload: number }).__noReload = Date.now()));
      await panel.getByRole('button', { name: 'Retry' }).click();
      await ready(page);
      expect(await page.evaluate(() => (window as unknown as { __noReload?: number }).__noReload)).toBe(marker);
      consoleErrors.length = 0;
    });
  }

  test('catalogue down: the home page still shows, with the panel where the cards were', async ({ page }) => {
    await page.route(`${REMOTE_ORIGINS.catalog}/**`, (route) => route.abort('connectionrefused'));
    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'Pinner / Handkerchief' })).toBeVisible();
    const season = page.getByRole('region', { name: 'New this season' });
    await expect(season.getByRole('heading', { name: 'This section is temporarily unavailable' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'View All Products' })).toBeVisible();
    await page.unroute(`${REMOTE_ORIGINS.catalog}/**`);
    await season.getByRole('button', { name: 'Retry' }).click();
    await expect(season.getByRole('link', { name: /Hoi An Handkerchief/ })).toBeVisible();
  });
});

test.describe('loading', () => {
  test('the home page loads nothing from the cart or account remotes until it is idle, then prefetches them', async ({ page }) => {
    const purposes = new Map<string, string>();
    page.on('request', (request) => purposes.set(request.url(), request.headers()['sec-purpose'] ?? ''));
    await page.goto('/');
    await expect(page.getByRole('region', { name: 'New this season' }).getByRole('link').first()).toBeVisible();
    await expect.poll(() => page.evaluate(() => window.__MAISON_FEDERATION__?.idlePrefetchAt ?? null)).not.toBeNull();
    const otherOrigins = [REMOTE_ORIGINS.cart, REMOTE_ORIGINS.account];
    // Resource timing: start times on the page's own clock, the one idlePrefetchAt is read from.
    const read = () =>
      page.evaluate((origins) => {
        const entries = performance.getEntriesByType('resource').filter(({ name }) => origins.some((origin) => name.startsWith(origin)));
        return {
          idlePrefetchAt: window.__MAISON_FEDERATION__!.idlePrefetchAt!,
          fetched: entries.map(({ name, startTime }) => ({ url: name, at: startTime })),
        };
      }, otherOrigins);
    await expect.poll(async () => (await read()).fetched.length).toBeGreaterThan(0);
    const { idlePrefetchAt, fetched } = await read();
    // Nothing of theirs before the page was idle; then only their manifests and low-priority prefetches.
    for (const { url, at } of fetched) {
      expect(at, url).toBeGreaterThanOrEqual(idlePrefetchAt - 1);
      expect(url.endsWith('/mf-manifest.json') || (purposes.get(url) ?? '').includes('prefetch'), url).toBe(true);
    }
    await page.getByRole('link', { name: /^Cart/ }).click();
    await expect(page.getByRole('heading', { name: 'Your cart is empty' })).toBeVisible();
  });

  // In Firefox too, which checks a prefetch against the policy's default-src.
  test(
    'the idle prefetch fetches other teams’ pages under the policy; a click to one fetches none again',
    { tag: '@firefox' },
    async ({ page, ownShop }) => {
      const shop = await ownShop();
      const pageFiles = (app: 'cart' | 'account', expose: string) =>
        shop.requests.filter(
          ({ app: from, path }) =>
            from === app && new RegExp(`^/(remoteEntry\\.js|__federation_expose_${expose}\\.[0-9a-f]{10}\\.(js|css))$`).test(path),
        );
      await page.goto(`${shop.origin('host')}/`);
      await expect(page.getByRole('region', { name: 'New this season' }).getByRole('link').first()).toBeVisible();
      // The entry, the page's script and its styles, each fetched once, as a prefetch.
      const prefetched = { cart: 'CartPage', account: 'ProfilePage' } as const;
      for (const [app, expose] of Object.entries(prefetched) as Array<[keyof typeof prefetched, string]>) {
        await expect.poll(() => pageFiles(app, expose).length, `${app}'s ${expose} files prefetched`).toBe(3);
        expect(pageFiles(app, expose).map(({ purpose }) => purpose)).toEqual(['prefetch', 'prefetch', 'prefetch']);
      }

      const before = (await shop.answeredSoFar('cart')).length;
      await page.getByRole('link', { name: /^Cart/ }).click();
      await expect(page.getByRole('heading', { name: 'Your cart is empty' })).toBeVisible();
      // The entry is served no-cache, so the browser asks again (a 304); the page's files come from its cache.
      const askedAgain = (await shop.answeredSoFar('cart')).slice(before).filter(({ path }) => path !== '/remoteEntry.js');
      expect(askedAgain).toEqual([]);
      // The fixture fails the test on any Content-Security-Policy violation.
    },
  );

  test('remote entries and manifests are served uncached, hashed chunks immutable', async ({ request }) => {
    for (const origin of Object.values(REMOTE_ORIGINS)) {
      const entry = await request.get(`${origin}/remoteEntry.js`);
      expect(entry.headers()['cache-control']).toBe('no-cache');
      expect(entry.headers()['access-control-allow-origin']).toBe('*');
      const manifest = await request.get(`${origin}/mf-manifest.json`);
      expect(manifest.headers()['cache-control']).toBe('no-cache');
    }
    const config = await request.get('/remotes.json');
    expect(config.headers()['cache-control']).toBe('no-cache');
    const html = await (await request.get('/')).text();
    const mainScript = html.match(/(?:src|data-main)="?\/(main\.[0-9a-f]{10}\.js)/)?.[1];
    expect(mainScript).toBeTruthy();
    const chunk = await request.get(`/${mainScript}`);
    expect(chunk.headers()['cache-control']).toContain('immutable');
  });
});

test.describe('shared singletons', () => {
  test('exactly one copy of React, react-dom, the router and Redux Toolkit runs on every route', async ({ page }) => {
    // Every react-dom copy registers itself with the DevTools hook: count them.
    await page.addInitScript(() => {
      const renderers = new Map();
      (window as unknown as { __REACT_DEVTOOLS_GLOBAL_HOOK__: unknown }).__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
        renderers,
        supportsFiber: true,
        inject(renderer: unknown) {
          renderers.set(renderers.size + 1, renderer);
          return renderers.size;
        },
        onCommitFiberRoot() {},
        onCommitFiberUnmount() {},
        onPostCommitFiberRoot() {},
        checkDCE() {},
      };
    });
    for (const path of ['/', '/products', '/products/hoi-an-handkerchief', '/cart', '/checkout', '/profile']) {
      await page.goto(path);
      await expect(page.locator('main h1, main h2').first()).toBeVisible();
      await page.waitForLoadState('networkidle');
      const copies = await page.evaluate(() => {
        type Shared = { loaded?: boolean; loading?: unknown; from: string };
        const federation = (
          window as unknown as { __FEDERATION__: { __SHARE__: Record<string, Record<string, Record<string, Record<string, Shared>>>> } }
        ).__FEDERATION__;
        const loaded: Record<string, string[]> = {};
        for (const scopes of Object.values(federation.__SHARE__)) {
          for (const [name, versions] of Object.entries(scopes.default ?? {})) {
            for (const [version, shared] of Object.entries(versions)) {
              if (shared.loaded) loaded[name] = [...new Set([...(loaded[name] ?? []), `${version}@${shared.from}`])];
            }
          }
        }
        const hook = (window as unknown as { __REACT_DEVTOOLS_GLOBAL_HOOK__: { renderers: Map<number, unknown> } })
          .__REACT_DEVTOOLS_GLOBAL_HOOK__;
        return { loaded, renderers: hook.renderers.size };
      });
      expect(copies.renderers, `react-dom renderers on ${path}`).toBe(1);
      for (const name of ['react', 'react-dom', 'react-router-dom', '@reduxjs/toolkit', 'react-redux', '@maison/shared']) {
        expect(copies.loaded[name] ?? [], `${name} on ${path}`).toHaveLength(1);
      }
      // react-router runs inside the react-router-dom facade, never as a second shared copy.
      expect(copies.loaded['react-router'] ?? [], `react-router on ${path}`).toHaveLength(0);
    }
  });
});
