/**
 * One remote from this checkout inside another environment: `npm start -- --only cart --against
 * <that environment's remotes.json URL>`. The "environment" is this checkout's production builds
 * (npm run build), served by the production rules on ports 3200-3203 with a remotes.json of
 * their own. The shop at localhost:3000 (the host's dev server) shows the local cart, edits
 * included, while the catalogue and the account come from the environment's builds.
 */
import { mkdtempSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { ChildProcess } from 'node:child_process';
import type { Page } from '@playwright/test';
import { test, expect, addProductToCart } from './fixtures';
import { serveBuild } from './servers';
import { DEV_SERVERS_START_MS, edit, markPage, restoreAllSources, startDevServers } from './devLoop';

const root = path.resolve(__dirname, '..');
const ENVIRONMENT = { host: 3200, catalog: 3201, cart: 3202, account: 3203 };
const manifestOf = (port: number) => `http://localhost:${port}/mf-manifest.json`;
const BUILDS = { host: 'host', catalog: 'remote-catalog', cart: 'remote-cart', account: 'remote-account' };

async function remoteStatus(page: Page, name: 'catalog' | 'cart' | 'account') {
  return page.evaluate((remote) => window.__MAISON_FEDERATION__?.remotes[remote], name);
}

async function answers(url: string) {
  try {
    return (await fetch(url)).ok;
  } catch {
    return false;
  }
}

test.describe('npm start -- --only cart --against another environment', () => {
  test.describe.configure({ mode: 'serial' });
  const environment: ChildProcess[] = [];
  let folder = '';
  let servers: Awaited<ReturnType<typeof startDevServers>> | undefined;

  test.beforeAll(async () => {
    test.setTimeout(DEV_SERVERS_START_MS);
    for (const dir of Object.values(BUILDS)) {
      if (!existsSync(path.join(root, dir, 'dist'))) throw new Error(`${dir}/dist is missing: run npm run build first (npm test does)`);
    }
    folder = mkdtempSync(path.join(os.tmpdir(), 'maison-environment-'));
    const remotesFile = path.join(folder, 'remotes.json');
    writeFileSync(
      remotesFile,
      JSON.stringify({
        catalog: manifestOf(ENVIRONMENT.catalog),
        cart: manifestOf(ENVIRONMENT.cart),
        account: manifestOf(ENVIRONMENT.account),
      }),
    );
    for (const [name, port] of Object.entries(ENVIRONMENT)) {
      const build = path.join(root, BUILDS[name as keyof typeof BUILDS], 'dist');
      environment.push(await serveBuild({ build, port, env: folder, remote: name !== 'host' }));
    }
    servers = await startDevServers({
      args: ['--only', 'cart', '--against', `http://localhost:${ENVIRONMENT.host}/remotes.json`],
      apps: ['host', 'cart'],
      timeoutMs: DEV_SERVERS_START_MS - 30_000,
    });
    console.log(`[against test] npm start --only cart answered after ${servers.seconds.toFixed(1)} s`);
  });

  test.afterAll(async () => {
    restoreAllSources();
    await servers?.stop();
    environment.forEach((server) => server.kill());
    if (folder) rmSync(folder, { recursive: true, force: true });
  });

  test("the local cart, edits shown in place, among the environment's catalogue and account", async ({ page }) => {
    // Only the host and the cart run from this checkout.
    expect(await answers(manifestOf(3001)), 'a catalogue dev server is running').toBe(false);
    expect(await answers(manifestOf(3003)), 'an account dev server is running').toBe(false);

    const environmentCatalog = (await (await fetch(manifestOf(ENVIRONMENT.catalog))).json()) as {
      metaData: { buildInfo: { buildVersion: string } };
    };
    await addProductToCart(page, 'hoan-kiem-lake-handkerchief');
    await expect(page.getByRole('heading', { name: 'Hoan Kiem Lake Handkerchief', level: 1 })).toBeVisible();
    expect(await remoteStatus(page, 'catalog')).toMatchObject({
      state: 'loaded',
      url: manifestOf(ENVIRONMENT.catalog),
      buildVersion: environmentCatalog.metaData.buildInfo.buildVersion,
      fallback: false,
    });

    await page.getByRole('link', { name: /^Cart/ }).first().click();
    await expect(page.locator('main h1')).toHaveText('Your cart');
    expect(await remoteStatus(page, 'cart')).toMatchObject({ state: 'loaded', url: manifestOf(3002), fallback: false });

    const mark = await markPage(page);
    const cartEdit = edit('remote-cart/src/pages/CartPage.tsx', "{t('cartTitle')}</h1>", "{t('cartTitle')} (local edit)</h1>");
    try {
      await expect(page.locator('main h1')).toHaveText('Your cart (local edit)', { timeout: 60_000 });
      await mark.expectNotReloaded();
    } finally {
      cartEdit.restore();
    }

    await page.getByRole('link', { name: 'Profile', exact: true }).click();
    await expect(page.getByRole('heading', { name: 'My Account', level: 1 })).toBeVisible();
    expect(await remoteStatus(page, 'account')).toMatchObject({ state: 'loaded', url: manifestOf(ENVIRONMENT.account) });

    // The development policy allows the environment's origins (the fixture fails on any violation).
    const policy = (await page.request.get('/')).headers()['content-security-policy'] ?? '';
    const scriptSources = policy.split('; ').find((directive) => directive.startsWith('script-src '));
    expect(scriptSources).toContain(`http://localhost:${ENVIRONMENT.catalog}`);
    expect(scriptSources).toContain(`http://localhost:${ENVIRONMENT.account}`);
  });
});
