/**
 * A remote's team deploys a new build onto the same origin while a shopper is mid-visit: the
 * catalogue's files are replaced in place and the old build's hashed files deleted. The
 * shopper's page holds the old build's entry. The next catalogue page must still open (the old
 * build's files from the browser's cache, or the new build), the cart and checkout must work,
 * with at most one full reload and never the "temporarily unavailable" panel.
 *
 * The new build is remote-catalog rebuilt with one text changed (so its files' content hashes,
 * and names, differ), built into .e2e-redeploy-mid-visit/. The host is this checkout's build with
 * an environment of its own, published before the deploy (its pages rendered from the old build,
 * as nothing republishes when a team replaces its files); the cart and account are the suite's.
 */
import { spawnSync, type ChildProcess } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { test, expect, placeOrderOnCheckout, REMOTE_ORIGINS } from './fixtures';
import { deployCommand, serveBuild } from './servers';
import { ENVIRONMENT_FILE } from '@maison/deploy';

const root = path.resolve(__dirname, '..');
const work = path.join(root, '.e2e-redeploy-mid-visit');
const env = path.join(work, 'environment');
/** The folder the catalogue's origin serves: the old build, then the new one in its place. */
const served = path.join(work, 'catalog-origin');
const oldBuild = path.join(root, 'remote-catalog', 'dist');
const newBuild = path.join(work, 'remote-catalog', 'dist');
// Beside redeploy.spec.ts (3170-3172) and reports.spec.ts (3190, 3199).
const HOST_PORT = 3180;
const CATALOG_PORT = 3181;
const HOST = `http://localhost:${HOST_PORT}`;
const CATALOG_MANIFEST = `http://localhost:${CATALOG_PORT}/mf-manifest.json`;
const OLD_TEXT = 'You may also like';
const NEW_TEXT = 'You may also like (new build)';
const NEW_BUILD_VERSION = '0.1.0+e2e-mid-visit';
const PANEL = 'This section is temporarily unavailable';

/** remote-catalog with one text changed, built as its team would build it (browser and server). */
function buildChangedCatalogue() {
  const copy = path.join(work, 'remote-catalog');
  mkdirSync(copy, { recursive: true });
  // The copy sits one folder below the work folder, as the real remote sits below the repository.
  writeFileSync(path.join(work, 'webpack.common.ts'), "export * from '../webpack.common';\n");
  for (const entry of ['src', 'public', 'package.json', 'webpack.config.ts'])
    cpSync(path.join(root, 'remote-catalog', entry), path.join(copy, entry), { recursive: true });
  const messages = path.join(copy, 'src', 'messages.ts');
  const source = readFileSync(messages, 'utf8');
  expect(source).toContain(`youMayAlsoLike: '${OLD_TEXT}',`);
  writeFileSync(messages, source.replace(`youMayAlsoLike: '${OLD_TEXT}',`, `youMayAlsoLike: '${NEW_TEXT}',`));
  const build = spawnSync(process.execPath, [path.join(root, 'node_modules', 'webpack-cli', 'bin', 'cli.js'), '--mode', 'production'], {
    cwd: copy,
    env: { ...process.env, NODE_OPTIONS: '--import=tsx', MF_BUILD_VERSION: NEW_BUILD_VERSION },
    encoding: 'utf8',
  });
  expect(build.status, `${build.stdout}\n${build.stderr}`).toBe(0);
}

/** The files of a build whose names carry a content hash (`name.0123456789.js`). */
const hashedFiles = (dir: string) =>
  readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((file) => /\.[0-9a-f]{10}\.(js|css)$/.test(file));

/** What the catalogue's origin serves becomes `build`, everything else deleted: a deploy over the previous one. */
function deployOnto(build: string) {
  for (const file of existsSync(served) ? readdirSync(served) : []) rmSync(path.join(served, file), { recursive: true, force: true });
  cpSync(build, served, { recursive: true });
}

/** Whether the "temporarily unavailable" panel ever shows on the page, across reloads (watched from each document's start). */
async function watchForPanel(page: Page): Promise<string[]> {
  const seen: string[] = [];
  await page.exposeBinding('__maisonSawPanel', (_source, where: string) => void seen.push(where));
  await page.addInitScript((text) => {
    new MutationObserver(() => {
      if (document.body?.textContent?.includes(text))
        (window as unknown as { __maisonSawPanel: (where: string) => void }).__maisonSawPanel(location.pathname);
    }).observe(document, { subtree: true, childList: true, characterData: true });
  }, PANEL);
  return seen;
}

/** The page's full loads (documents of the main frame), first one included. */
function documentLoads(page: Page): string[] {
  const loads: string[] = [];
  page.on('request', (request) => {
    if (request.isNavigationRequest() && request.frame() === page.mainFrame()) loads.push(request.url());
  });
  return loads;
}

async function checkOut(page: Page) {
  const header = page.locator('header').first();
  await header.getByRole('link', { name: /^Cart/ }).click();
  await expect(page.getByRole('heading', { name: 'Your cart', level: 1, exact: true })).toBeVisible();
  await page.getByRole('link', { name: 'Proceed to Checkout' }).click();
  await expect(page.getByRole('heading', { name: 'Checkout', level: 1 })).toBeVisible();
  await placeOrderOnCheckout(page);
}

test.describe('a remote redeployed onto its origin while a shopper is mid-visit', () => {
  test.describe.configure({ mode: 'serial' });
  const servers: ChildProcess[] = [];
  let oldFiles: string[] = [];

  test.beforeAll(async () => {
    test.setTimeout(240_000);
    rmSync(work, { recursive: true, force: true });
    mkdirSync(env, { recursive: true });
    buildChangedCatalogue();
    oldFiles = hashedFiles(oldBuild);
    const renamed = hashedFiles(newBuild).filter((file) => !oldFiles.includes(file));
    expect(
      renamed.some((file) => file.includes('__federation_expose_ProductDetailPage')),
      'the product page’s file has a new name',
    ).toBe(true);
    deployOnto(oldBuild);
    servers.push(await serveBuild({ build: served, port: CATALOG_PORT, remote: true }));
    const remotes = {
      catalog: CATALOG_MANIFEST,
      cart: `${REMOTE_ORIGINS.cart}/mf-manifest.json`,
      account: `${REMOTE_ORIGINS.account}/mf-manifest.json`,
    };
    writeFileSync(path.join(env, ENVIRONMENT_FILE.remotes), JSON.stringify(remotes));
    writeFileSync(path.join(env, ENVIRONMENT_FILE.site), JSON.stringify({ origin: HOST }));
    const published = await deployCommand('publish', env);
    expect(published.status, published.output).toBe(0);
    servers.push(await serveBuild({ build: path.join(root, 'host', 'dist'), port: HOST_PORT, env }));
  });

  test.beforeEach(() => deployOnto(oldBuild));

  test.afterAll(() => {
    servers.forEach((server) => server.kill());
    rmSync(work, { recursive: true, force: true });
  });

  for (const cache of ['kept', 'emptied'] as const) {
    test(`the browser's cache ${cache === 'kept' ? 'still holds' : 'no longer holds'} the old build's files: the next catalogue pages open, cart and checkout work`, async ({
      page,
      request,
      consoleErrors,
    }) => {
      const panels = await watchForPanel(page);
      const loads = documentLoads(page);
      await page.goto(`${HOST}/products`);
      await expect(page.getByRole('heading', { name: 'Products', level: 1 })).toBeVisible();
      await expect(page.locator('html')).toHaveAttribute('data-alive', 'true');
      // The shopper lingers: the idle prefetch has fetched the catalogue's other pages (the old build's files).
      await expect.poll(() => page.evaluate(() => window.__MAISON_FEDERATION__?.idlePrefetchAt ?? null)).not.toBeNull();
      await page.waitForLoadState('networkidle');

      deployOnto(newBuild);
      const detailPage = oldFiles.find((file) => file.startsWith('__federation_expose_ProductDetailPage') && file.endsWith('.js'))!;
      expect((await request.get(`http://localhost:${CATALOG_PORT}/${detailPage}`)).status(), 'the old build’s file is gone').toBe(404);
      if (cache === 'emptied') {
        // A phone's small cache, or a long visit: the old build's files are nowhere now.
        const cdp = await page.context().newCDPSession(page);
        await cdp.send('Network.clearBrowserCache');
      }

      const main = page.getByRole('main');
      await main
        .getByRole('link', { name: /Hoan Kiem Lake Handkerchief/ })
        .first()
        .click();
      await expect(main.getByRole('heading', { name: 'Hoan Kiem Lake Handkerchief', level: 1 })).toBeVisible();
      // The old build, its files from the cache, or else the new one.
      await expect(main.getByRole('region', { name: cache === 'kept' ? OLD_TEXT : NEW_TEXT, exact: true })).toBeVisible();
      await main.getByRole('button', { name: 'ADD TO CART' }).click();
      await expect(page.getByTestId('cart-count')).toHaveText('1');

      // Another of the catalogue's modules, which nothing had fetched: the search's results.
      const header = page.locator('header').first();
      await header.getByRole('button', { name: 'Search', exact: true }).click();
      const dialog = page.getByRole('dialog', { name: 'Search products' });
      await dialog.getByRole('searchbox').fill('dragon');
      await dialog.getByRole('link', { name: /Dragon Bridge Handkerchief/ }).click();
      await expect(main.getByRole('heading', { name: 'Dragon Bridge Handkerchief', level: 1 })).toBeVisible();

      await checkOut(page);
      // Home, with the catalogue's cards.
      await expect(page.getByRole('region', { name: 'New this season' }).getByRole('link').first()).toBeVisible();

      // The catalogue's record names the build in use now, the new one (the search's results needed it), and why.
      // Read once its loads have settled: the record says 'loading' while any of its modules is on the way.
      await expect
        .poll(() => page.evaluate(() => window.__MAISON_FEDERATION__?.remotes.catalog))
        .toMatchObject({
          state: 'loaded',
          url: CATALOG_MANIFEST,
          buildVersion: NEW_BUILD_VERSION,
          fallback: false,
          failures: [expect.objectContaining({ reason: 'load-failed', error: expect.stringMatching(/^Loading (CSS )?chunk \d+ failed/) })],
        });
      expect(panels, 'the "temporarily unavailable" panel showed').toEqual([]);
      expect(loads.length - 1, `full reloads (${loads.join(', ')})`).toBeLessThanOrEqual(1);
      // The one thing the browser says: the old build's file is gone from its origin (read with CORS, it says so).
      const goneFile = new RegExp(
        `^(Failed to load resource: the server responded with a status of 404|Refused to (execute script|apply style) from 'http://localhost:${CATALOG_PORT}/)`,
      );
      expect(consoleErrors.filter((text) => !goneFile.test(text))).toEqual([]);
    });
  }
});
