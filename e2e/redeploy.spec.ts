/**
 * Rendered pages are never stale: a team redeploys the catalogue with changed text through
 * `npm run remotes -- set`, and no later page load gets HTML rendered from the old build; a
 * catalogue the renderer cannot reach leaves its pages rendered in the browser, from the next
 * build in the list, never with the "temporarily unavailable" panel.
 *
 * The new build is a copy of this checkout's catalogue build (browser and server files) with
 * one text changed, on its own origin; the host is this checkout's build with its own
 * environment (deploy/src/environment), served by the same answerer as `npm run serve`.
 */
import type { ChildProcess } from 'node:child_process';
import { cpSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser } from '@playwright/test';
import { test, expect } from './fixtures';
import { deployCommand, serveBuild } from './servers';
import { ENVIRONMENT_FILE, LOCAL_ENVIRONMENT_DIR } from '@maison/deploy';

const root = path.resolve(__dirname, '..');
const work = path.join(root, '.e2e-redeploy');
const env = path.join(work, 'environment');
const newCatalog = path.join(work, 'catalog-new');
const HOST = 'http://localhost:3170';
const NEW_CATALOG = 'http://localhost:3171/mf-manifest.json';
const UNREACHABLE = 'http://localhost:3172/mf-manifest.json';
const PRODUCT = `${HOST}/products/hoan-kiem-lake-handkerchief`;
const OLD_TEXT = 'The Lake of the Returned Sword lies at the heart of Hà Nội.';
const NEW_TEXT = 'The Lake of the Restored Sword lies at the heart of Hà Nội.';

/** The catalogue's build with OLD_TEXT changed in every script, the server's too. */
function copyCatalogueWithNewText() {
  cpSync(path.join(root, 'remote-catalog', 'dist'), newCatalog, { recursive: true });
  let changed = 0;
  for (const file of readdirSync(newCatalog, { recursive: true, encoding: 'utf8' }).filter((name) => name.endsWith('.js'))) {
    const text = readFileSync(path.join(newCatalog, file), 'utf8');
    if (!text.includes(OLD_TEXT)) continue;
    writeFileSync(path.join(newCatalog, file), text.split(OLD_TEXT).join(NEW_TEXT));
    changed += 1;
  }
  expect(changed, 'scripts holding the text (browser and server)').toBeGreaterThanOrEqual(2);
}

/** The product page's text as a crawler reads it: JavaScript off. */
async function htmlText(browser: Browser): Promise<string> {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto(PRODUCT);
  const text = await page.locator('body').innerText();
  await context.close();
  return text;
}

test.describe('redeploying the catalogue', () => {
  test.describe.configure({ mode: 'serial' });
  const servers: ChildProcess[] = [];

  test.beforeAll(async () => {
    rmSync(work, { recursive: true, force: true });
    mkdirSync(env, { recursive: true });
    copyCatalogueWithNewText();
    writeFileSync(path.join(env, ENVIRONMENT_FILE.remotes), readFileSync(path.join(root, LOCAL_ENVIRONMENT_DIR, ENVIRONMENT_FILE.remotes)));
    const published = await deployCommand('publish', env, '--origin', HOST);
    expect(published.status, published.output).toBe(0);
    servers.push(await serveBuild({ build: path.join(root, 'host', 'dist'), port: 3170, env }));
    servers.push(await serveBuild({ build: newCatalog, port: 3171, remote: true }));
  });

  test.afterAll(() => {
    servers.forEach((server) => server.kill());
    rmSync(work, { recursive: true, force: true });
  });

  test('after npm run remotes -- set, every load gets the new build’s HTML, and the page comes alive on it', async ({
    browser,
    page,
    consoleErrors,
  }) => {
    expect(await htmlText(browser)).toContain(OLD_TEXT);

    const set = await deployCommand('remotes', env, 'set', 'catalog', NEW_CATALOG);
    expect(set.status, set.output).toBe(0);
    expect(set.output).toMatch(/\[publish\] .* is live: \d+ pages × 2 languages/);

    const text = await htmlText(browser);
    expect(text).toContain(NEW_TEXT);
    expect(text).not.toContain(OLD_TEXT);
    const html = await (await page.request.get(PRODUCT, { headers: { accept: 'text/html' } })).text();
    expect(html).toContain(NEW_CATALOG.replace('/mf-manifest.json', ''));
    expect(html).not.toContain('localhost:3001/mf-manifest.json');

    await page.goto(PRODUCT);
    await expect(page.getByRole('region', { name: 'DESCRIPTION' })).toContainText(NEW_TEXT);
    await expect(page.locator('html')).toHaveAttribute('data-alive', 'true');
    expect(consoleErrors, 'no hydration mismatch or load error').toEqual([]);
  });

  test('a catalogue the renderer cannot reach: its pages are rendered in the browser, from the next build listed', async ({
    browser,
    page,
  }) => {
    const set = await deployCommand('remotes', env, 'set', 'catalog', UNREACHABLE, NEW_CATALOG, '--no-verify');
    // Live, but with the catalogue's routes rendered in the browser: a pipeline is told (exit 2).
    expect(set.status, set.output).toBe(2);
    expect(set.output).toContain('published, but not every page could be rendered');
    expect(set.output).toContain('catalog');

    // No HTML of any build: the shop's page, as without rendering.
    const context = await browser.newContext({ javaScriptEnabled: false });
    const crawler = await context.newPage();
    const response = await crawler.goto(PRODUCT);
    expect(response?.status()).toBe(200);
    expect(await crawler.locator('body').innerText()).not.toContain('Lake of the');
    await context.close();

    await page.goto(PRODUCT);
    await expect(page.getByRole('region', { name: 'DESCRIPTION' })).toContainText(NEW_TEXT);
    await expect(page.getByRole('region', { name: 'This section is temporarily unavailable' })).toHaveCount(0);
  });
});
