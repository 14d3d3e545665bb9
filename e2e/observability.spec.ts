/**
 * Production a team can see (docs/operations.md, "Watching production"), on a shop of this test's
 * own (ports 3640-3643, its metrics on 10104) served as the stage serves (Node, or nginx in front),
 * scraped every second by a real Prometheus (Debian's, e2e/prometheus.ts) on 3649: every answer is
 * one JSON access line, the probes answer, and what real page loads in a browser send back shows
 * up in Prometheus per remote build: their LCP, a remote that failed, an error a remote's code threw.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from '@playwright/test';
import type { RenderRecord } from '@maison/host/contract';
import { ENVIRONMENT_FILE, GENERATION_FILE, METRIC } from '@maison/deploy';
import { test, expect } from './fixtures';
import { ownEnvironment } from './ownEnvironment';
import { findPrometheus } from '../scripts/system-packages.mjs';
import { startPrometheus, type RunningPrometheus } from './prometheus';

const BASE_PORT = 3640;
const METRICS = `127.0.0.1:${BASE_PORT + 6464}`;
const shop = ownEnvironment('observe', BASE_PORT);
const prometheus = findPrometheus();
const HTML = { accept: 'text/html' };

/** The builds the served generation's pages run, as their beacons name them. */
const servedBuilds = () =>
  (JSON.parse(readFileSync(path.join(shop.env, ENVIRONMENT_FILE.current, GENERATION_FILE.render), 'utf8')) as RenderRecord).builds!;
const firstBuild = (remote: string) => servedBuilds().remotes[remote]![0]!.build;

/** The access lines the shop's processes wrote (Node's, and nginx's under the nginx stage). */
const accessLines = () =>
  shop.output.flatMap((line) => {
    try {
      const parsed = JSON.parse(line) as Record<string, unknown>;
      return parsed.msg === 'answered' ? [parsed] : [];
    } catch {
      return [];
    }
  });

/** A shopper's visit in a context of its own; the page is left at the end, which sends its beacon: the shop has it before the context closes. */
async function visit(browser: Browser, use: (page: Page) => Promise<void>) {
  const context = await browser.newContext({ baseURL: shop.origins.host });
  await context.addInitScript(() => window.location.protocol.startsWith('http') && window.sessionStorage.setItem('hasVisited', 'true'));
  const page = await context.newPage();
  await use(page);
  const beacons = () => accessLines().filter((line) => line.route === '/rum' && line.status === 204).length;
  const before = beacons();
  await page.goto('about:blank');
  await expect.poll(beacons, { message: 'the page’s beacon, once it is left' }).toBeGreaterThan(before);
  await context.close();
}

test.describe('production a team can see @smoke', () => {
  test.describe.configure({ mode: 'serial' });
  test.skip(!prometheus, 'Prometheus not found (Debian: apt-get install -y prometheus)');
  let scraper: RunningPrometheus;

  test.beforeAll(async () => {
    test.setTimeout(120_000);
    await shop.start();
    scraper = await startPrometheus(prometheus!, { port: BASE_PORT + 9, targets: [METRICS] });
  });
  test.afterAll(async () => {
    await scraper?.stop();
    await shop.remove();
  });

  /** The sum of an expression's samples, once Prometheus has it above `atLeast`; what the pages sent, if it never is. */
  const eventually = async (expression: string, atLeast = 1) => {
    const sum = async () => (await scraper.query(expression)).reduce((total, { value }) => total + value, 0);
    try {
      await expect.poll(sum, { timeout: 20_000, message: expression }).toBeGreaterThanOrEqual(atLeast);
    } catch (error) {
      const sent = await scraper.query(`{__name__=~"${METRIC.signals}|maison_page_.*_count|${METRIC.pageViews}|${METRIC.pageErrors}"}`);
      const seen = sent.map(
        ({ metric, value }) =>
          `${metric.__name__}${JSON.stringify({ ...metric, __name__: undefined, job: undefined, instance: undefined })} ${value}`,
      );
      throw new Error(`${(error as Error).message}\nWhat Prometheus has of the pages:\n${seen.join('\n')}`);
    }
  };

  test('every answer is one JSON access line with its request id and route template, and no query', async () => {
    const asked = await fetch(`${shop.origins.host}/vi/products?utm_source=secret-campaign&sort=price-desc`, {
      headers: { ...HTML, 'x-request-id': 'observe-test-0001' },
    });
    expect([asked.status, asked.headers.get('x-request-id')]).toEqual([200, 'observe-test-0001']);
    const made = await fetch(`${shop.origins.host}/nowhere`, { headers: HTML });
    expect(made.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{32,36}$/);
    await expect.poll(() => accessLines().filter((line) => line.reqId === 'observe-test-0001').length).toBeGreaterThan(0);
    await expect.poll(() => accessLines().filter((line) => line.reqId === 'observe-test-0001' && line.route !== '(edge)').length).toBe(1);
    const answered = accessLines().find((line) => line.reqId === 'observe-test-0001' && line.route !== '(edge)');
    expect(answered).toMatchObject({
      level: 'info',
      time: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      app: 'host',
      method: 'GET',
      route: '/products',
      language: 'vi',
      status: 200,
      bytes: expect.any(Number),
      duration: expect.any(Number),
      generation: expect.stringMatching(/^\d{8}T/),
      served: expect.stringMatching(/^(on-demand|cache)$/),
    });
    expect(shop.output.join('\n')).not.toMatch(/secret-campaign|price-desc/);
    // nginx's own line, in the same shape, with the id it passed on.
    if (process.env.E2E_SERVER === 'nginx')
      await expect
        .poll(() => accessLines().find((line) => line.reqId === 'observe-test-0001' && line.route === '(edge)'))
        .toMatchObject({ app: 'host', status: 200, served: 'proxied' });
  });

  test('the probes answer on the shop’s ports and the metrics port, never kept; the metrics are on the metrics port alone', async () => {
    for (const origin of [shop.origins.host, shop.origins.cart, `http://${METRICS}`]) {
      const live = await fetch(`${origin}/healthz`);
      const ready = await fetch(`${origin}/readyz`);
      expect([origin, live.status, ready.status, ready.headers.get('cache-control')]).toEqual([origin, 200, 200, 'no-store']);
    }
    expect(await (await fetch(`${shop.origins.host}/readyz`)).json()).toMatchObject({
      ready: true,
      checks: { generation: expect.any(String), hostBuild: expect.any(String), renderer: true },
    });
    expect((await fetch(`${shop.origins.host}/metrics`, { headers: HTML })).status).toBe(404);
    await eventually('up{job="maison"}');
    await eventually(`${METRIC.ready}{app="host"}`);
    await eventually(METRIC.generationInfo);
  });

  test('a page load in a browser shows up in Prometheus as its remote builds’ LCP and views', async ({ browser }) => {
    const catalog = firstBuild('catalog');
    await visit(browser, async (page) => {
      await page.goto('/products');
      await expect(page.getByRole('heading', { name: 'Products', level: 1 })).toBeVisible();
      // The page watches its vitals once idle after load (a shopper who leaves sooner sends none): this one stays until then.
      await expect
        .poll(() => page.evaluate(() => performance.getEntriesByType('resource').some(({ name }) => name.includes('web-vitals'))))
        .toBe(true);
      await page
        .getByRole('link', { name: /Hoi An Handkerchief/ })
        .first()
        .click();
      await expect(page.getByRole('heading', { name: 'Hoi An Handkerchief', level: 1 })).toBeVisible();
    });
    await eventually(`${METRIC.pageLcp}_count{page="/products", remote="catalog", build="${catalog}"}`);
    await eventually(`${METRIC.pageViews}{page="/products/:slug", remote="catalog", build="${catalog}"}`);
    await eventually(`${METRIC.pageViews}{page="/products", remote="host", build="${servedBuilds().host}"}`);
    await eventually(`${METRIC.signals}{outcome="accepted"}`);
  });

  test('a remote made to fail is counted in its load failures under its build', async ({ browser }) => {
    const account = firstBuild('account');
    await visit(browser, async (page) => {
      await page.route(`${shop.origins.account}/**`, (route) => route.abort());
      await page.goto('/profile');
      await expect(page.getByText('This section is temporarily unavailable')).toBeVisible();
    });
    await eventually(`${METRIC.remoteLoadFailures}{page="/profile", remote="account", build="${account}"}`);
  });

  test('an error thrown by the cart page’s code is counted under the cart’s build', async ({ browser }) => {
    const cart = firstBuild('cart');
    await visit(browser, async (page) => {
      // The cart page's own chunk, as its build serves it, with one more line that throws.
      await page.route(`${shop.origins.cart}/__federation_expose_*.js`, async (route) => {
        const served = await route.fetch();
        const code = `${await served.text()}\nsetTimeout(function cartThrows() { throw new Error('the cart throws on purpose'); }, 0);\n`;
        await route.fulfill({ response: served, body: code });
      });
      await page.goto('/cart');
      await expect(page.getByRole('heading', { name: 'Your cart is empty' })).toBeVisible();
    });
    await eventually(`${METRIC.pageErrors}{page="/cart", remote="cart", build="${cart}"}`);
    expect((await scraper.query(`${METRIC.pageErrors}{remote="host"}`)).length).toBe(0);
  });
});
