#!/usr/bin/env node
/**
 * npm run bench:dev: per app, edit a component and time the change; report whether state was kept.
 * Every edited file is restored. Needs ports 3000-3003 free.
 */
import path from 'node:path';
import { chromium } from '@playwright/test';
import { HOST_APP, localOrigin } from '../../apps.mts';
import { findChromium } from '../system-packages.mjs';
import { PAGE_LOAD_CHROMIUM_ARGS } from '../chromium-args.mjs';
import { editSource, startDevServers } from '../dev-servers.mjs';
import { root } from './shop.mjs';

const HOST = localOrigin(HOST_APP);
const EDITED = ' (edited)';

/** One per app: where the shopper is, what state they have, which component changes. */
const SCENARIOS = [
  {
    app: 'remote-catalog',
    path: '/products/hoan-kiem-lake-handkerchief',
    state: 'second style picked',
    prepare: (page) => page.getByRole('button', { name: 'Dusk over the Lake, 35,000đ' }).click(),
    kept: async (page) => (await page.getByRole('button', { name: 'Dusk over the Lake, 35,000đ' }).getAttribute('aria-pressed')) === 'true',
    edit: { file: 'remote-catalog/src/pages/ProductDetailPage.tsx', from: "{t('youMayAlsoLike')}" },
    changed: (page) => page.getByRole('heading', { name: `You may also like${EDITED}` }),
  },
  {
    app: 'remote-cart',
    path: '/checkout',
    state: 'checkout form: last name typed',
    prepare: (page) => page.getByLabel('Last name').fill('Nguyễn'),
    kept: async (page) => (await page.getByLabel('Last name').inputValue()) === 'Nguyễn',
    edit: { file: 'remote-cart/src/checkout/OrderSummary.tsx', from: "{t('orderSummary')}" },
    changed: (page) => page.getByRole('heading', { name: `Order summary${EDITED}` }),
  },
  {
    app: 'remote-account',
    path: '/profile',
    state: 'profile form: editing, phone typed',
    async prepare(page) {
      await page.getByRole('button', { name: 'Edit Profile' }).click();
      await page.getByLabel('Phone').fill('0901 234 567');
    },
    kept: async (page) => (await page.getByLabel('Phone').inputValue()) === '0901 234 567',
    edit: { file: 'remote-account/src/profile/ProfileTab.tsx', from: "{t('profileDetails')}" },
    changed: (page) => page.getByRole('heading', { name: `Personal details${EDITED}` }),
  },
  {
    app: 'host',
    path: '/',
    state: 'search panel open, query typed',
    async prepare(page) {
      await page.getByRole('button', { name: 'Search' }).first().click();
      await page.getByRole('searchbox').fill('lake');
    },
    kept: async (page) => (await page.getByRole('searchbox').count()) === 1 && (await page.getByRole('searchbox').inputValue()) === 'lake',
    edit: { file: 'host/src/shell/Footer.tsx', from: "{t('orderNow')}" },
    changed: (page) => page.getByText(`ORDER NOW${EDITED}`),
  },
  {
    app: 'host',
    path: '/about',
    state: 'none (a module that is not a component)',
    edit: { file: 'host/src/messages.ts', from: "aboutTitle: 'About Maison Khăn'", to: `aboutTitle: 'About Maison Khăn${EDITED}'` },
    changed: (page) => page.getByRole('heading', { name: `About Maison Khăn${EDITED}` }),
  },
];

process.on('SIGINT', () => process.exit(130));
const servers = await startDevServers({ root });
try {
  const browser = await chromium.launch({ executablePath: findChromium(), args: PAGE_LOAD_CHROMIUM_ARGS });
  const page = await browser.newPage();
  await page.addInitScript(() => sessionStorage.setItem('hasVisited', 'true'));
  await page.goto(`${HOST}/products/one-pillar-pagoda-handkerchief`);
  await page.getByRole('button', { name: 'ADD TO CART' }).click();

  console.log(`npm start -> all four dev servers answering: ${servers.seconds.toFixed(1)} s`);
  for (const { app, path: route, state, prepare, kept, edit, changed } of SCENARIOS) {
    await page.goto(`${HOST}${route}`);
    await page.locator('main h1').first().waitFor();
    await prepare?.(page);
    await page.evaluate(() => (window.__devLoopMarker = true));
    const { file, from, to = `${from}${EDITED}` } = edit;
    const editedAt = Date.now();
    const edited = editSource(path.join(root, file), from, to);
    try {
      await changed(page).waitFor({ timeout: 60_000 });
      const ms = Date.now() - editedAt;
      const reloaded = await page.evaluate(() => window.__devLoopMarker !== true);
      const stateKept = kept ? await kept(page) : true;
      const cart = await page.getByTestId('cart-count').textContent();
      console.log(
        `${app.padEnd(15)} ${file.padEnd(46)} -> visible in ${String(ms).padStart(5)} ms, ${reloaded ? 'reloaded  ' : 'hot update'}, ` +
          `state kept: ${stateKept && !reloaded ? 'yes' : state.startsWith('none') ? '-  ' : 'no '} (${state}), cart badge ${cart}`,
      );
    } finally {
      edited.restore();
    }
    // Let the restoring rebuild finish before the next edit.
    await changed(page).waitFor({ state: 'detached', timeout: 60_000 });
  }
  await browser.close();
} finally {
  await servers.stop();
}
