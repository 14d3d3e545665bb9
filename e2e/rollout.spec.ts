/**
 * A remote shipped gradually (docs/operations.md, "Ship a remote gradually"), on a shop of this
 * test's own (ports 3660-3663, its metrics on 10124, trusting this machine as its proxy so the
 * beacon generator's shoppers are each a client of their own), scraped every second by a real
 * Prometheus on 3669, judged by `npm run rollout -- judge` with its times shortened. The teams'
 * next builds are copies of the current ones under a version of their own (e2e/canaryBuilds.ts):
 * a cart that throws when an order is placed (3670), a healthy catalogue (3671).
 *
 * Which signals come from where: the broken cart's errors, the shopper mid-visit and the sticky
 * cohort come from real browsers, each a client of its own (X-Forwarded-For), the erring ones in
 * client groups of their own, since the judge acts only on harm seen in 3 groups or more
 * (deploy/src/rollout/spread.ts); the baselines' volume, the doubled LCP and the healthy
 * rollout's traffic from the beacon generator (e2e/beaconGenerator.ts), in the pages' own format.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { ChildProcess } from 'node:child_process';
import type { Browser, BrowserContext, Page } from '@playwright/test';
import { PAGE_LOAD_PATH, type RenderRecord } from '@maison/host/contract';
import { ENVIRONMENT_FILE, GENERATION_FILE, METRIC, pageLoadTokens, signalsKey } from '@maison/deploy';
import { test, expect, addProductToCart, cartBadge, placeOrderOnCheckout } from './fixtures';
import { forge, postPageLoads, type PageLoads } from './beaconGenerator';

import { canaryBuild } from './canaryBuilds';
import { nginxBinary, startCdn, type Cdn } from './cdn';
import { ownEnvironment } from './ownEnvironment';
import { findPrometheus } from '../scripts/system-packages.mjs';
import { startPrometheus, type RunningPrometheus } from './prometheus';
import { deployCommand, longCommand, serveBuild } from './servers';

const BASE_PORT = 3660;
const shop = ownEnvironment('rollout', BASE_PORT);
const CANARY_CART = 'http://localhost:3670/mf-manifest.json';
const CANARY_CATALOG = 'http://localhost:3671/mf-manifest.json';
const prometheus = findPrometheus();
const nginx = nginxBinary();
const work = path.resolve(__dirname, '..', '.e2e-rollout-builds');
/** The judge's times, shortened: a step's figures start 2 s in, and it may advance after 3 s with 30 views and 20 vitals a cohort. */
const QUICK = ['--interval', '1s', '--min-step', '3s', '--settle', '2s', '--min-views', '30', '--min-observations', '20'];

interface Rollout {
  id: string;
  state: string;
  share: number;
  reason?: string;
  canaryBuild: string;
  stableBuild: string;
}
const rollout = () => JSON.parse(readFileSync(path.join(shop.env, 'rollout.json'), 'utf8')) as Rollout;
const hostBuild = () =>
  (JSON.parse(readFileSync(path.join(shop.env, ENVIRONMENT_FILE.current, GENERATION_FILE.render), 'utf8')) as RenderRecord).builds!.host;
const command = async (...args: string[]) => {
  const result = await deployCommand('rollout', shop.env, ...args);
  expect(result.status, result.output).toBe(0);
  return result.output;
};
/** Page loads of both cohorts' builds of the rollout's remote, made up (the generator). */
const loads = (change: Partial<PageLoads> & Pick<PageLoads, 'cohort' | 'count' | 'page' | 'remote'>) => {
  const { id, canaryBuild: canary, stableBuild: stable } = rollout();
  return postPageLoads({
    origin: shop.origins.host,
    rollout: id,
    hostBuild: hostBuild(),
    build: change.cohort === 'canary' ? canary : stable,
    ...change,
  });
};

/** The verdicts the judge logged for the rollout now in rollout.json (rollout-decisions.jsonl). */
const verdicts = () =>
  readFileSync(path.join(shop.env, 'rollout-decisions.jsonl'), 'utf8')
    .split('\n')
    .flatMap((line) => (line ? [JSON.parse(line) as { rollout: string; verdict: string; reasons: string[] }] : []))
    .filter(({ rollout: id }) => id === rollout().id);

/** The beacons the shop has answered, as its access lines say (`/rum`, 204). */
const beaconsAnswered = () =>
  shop.output.filter((line) => {
    try {
      const parsed = JSON.parse(line) as Record<string, unknown>;
      return parsed.msg === 'answered' && parsed.route === '/rum' && parsed.status === 204;
    } catch {
      return false;
    }
  }).length;

/** Until the step's figures begin (its settling time, and a scrape), so that what is sent next is judged. */
const settled = async () => {
  const begins =
    Date.parse((JSON.parse(readFileSync(path.join(shop.env, 'rollout.json'), 'utf8')) as { stepStartedAt: string }).stepStartedAt) + 3_200;
  await new Promise((resolve) => setTimeout(resolve, Math.max(0, begins - Date.now())));
};

/**
 * `count` client addresses (192.0.2.x, apart from the generator's 10.x.y.z) in as many client groups,
 * as the shop groups them: a keyed hash of the address, with the key of its environment (its file).
 */
function clientsInGroups(count: number): string[] {
  const { groupOf } = pageLoadTokens(signalsKey(shop.env));
  const byGroup = new Map<number, string>();
  for (let host = 1; host < 255 && byGroup.size < count; host += 1) {
    const address = `192.0.2.${host}`;
    if (!byGroup.has(groupOf(address))) byGroup.set(groupOf(address), address);
  }
  expect(byGroup.size).toBe(count);
  return [...byGroup.values()];
}

/** A shopper of a cohort: their bucket and cohort cookies set as the page sets them; a client of their own when `client` is given. */
async function shopper(
  browser: Browser,
  cohort: 'canary' | 'stable',
  origin = shop.origins.host,
  client?: string,
): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  const context = await browser.newContext({ baseURL: origin });
  // The client the shop sees is the one its token is asked for by (the token carries its group). Only that request is given the
  // address: extraHTTPHeaders would go on the remotes' cross-origin requests too, which then need a preflight the remotes refuse.
  if (client)
    await context.route(
      (url) => url.pathname === PAGE_LOAD_PATH,
      async (route) => route.continue({ headers: { ...(await route.request().allHeaders()), 'x-forwarded-for': client } }),
    );
  await context.addCookies([
    { name: 'maison_bucket', value: cohort === 'canary' ? '0' : '9999', url: origin },
    { name: 'maison_cohort', value: `${rollout().id}.${cohort}`, url: origin },
  ]);
  await context.addInitScript(() => window.location.protocol.startsWith('http') && window.sessionStorage.setItem('hasVisited', 'true'));
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  return { context, page, errors };
}
const runsFrom = (page: Page, origin: string) =>
  page.evaluate((from) => performance.getEntriesByType('resource').some(({ name }) => name.startsWith(from)), origin);

/** Checkout and order: the checkout page opened at its address (a page load), or by its link from the cart. */
async function placeOrder(page: Page, from: 'address' | 'cart' = 'address') {
  if (from === 'address') await page.goto('/checkout');
  else await page.getByRole('link', { name: 'Proceed to Checkout' }).click();
  await placeOrderOnCheckout(page);
}

test.describe('shipping a remote gradually', () => {
  test.skip(!prometheus, 'Prometheus not found (Debian: apt-get install -y prometheus)');
  test.describe.configure({ mode: 'serial' });
  let scraper: RunningPrometheus;
  const builds: ChildProcess[] = [];
  let judge: ReturnType<typeof longCommand> | undefined;
  /** The judge, shortened (QUICK), with these flags last (a flag given twice: the last counts). */
  const judging = (...flags: string[]) =>
    (judge = longCommand('rollout', shop.env, 'judge', '--prometheus', scraper.origin, ...QUICK, ...flags));

  test.beforeAll(async () => {
    test.setTimeout(180_000);
    canaryBuild('remote-cart', path.join(work, 'cart'), 'throws', {
      expose: 'CheckoutPage',
      // The bug: an order placed, then an error from the cart's own file.
      code: `document.addEventListener('submit', function () { setTimeout(function canaryBug() { throw new Error('canary cart: the order summary is undefined'); }); }, true);`,
    });
    canaryBuild('remote-catalog', path.join(work, 'catalog'), 'next');
    builds.push(await serveBuild({ build: path.join(work, 'cart'), port: 3670, remote: true }));
    builds.push(await serveBuild({ build: path.join(work, 'catalog'), port: 3671, remote: true }));
    await shop.start('--trust-proxy', '127.0.0.1,::1');
    scraper = await startPrometheus(prometheus!, { port: BASE_PORT + 9, targets: [`127.0.0.1:${BASE_PORT + 6464}`] });
  });
  test.afterEach(async () => {
    await judge?.stop();
    judge = undefined;
  });
  test.afterAll(async () => {
    await scraper?.stop();
    await shop.remove();
    for (const build of builds) build.kill();
  });

  test('a canary cart that throws when an order is placed is aborted by itself; a shopper mid-visit keeps the cart', async ({
    browser,
  }) => {
    test.setTimeout(180_000);
    await command('canary', 'cart', CANARY_CART, '--share', '10');
    expect(rollout()).toMatchObject({ state: 'running', share: 10 });
    judging('--no-data-limit', '120s', '--min-step', '60s');
    // Seven shoppers who order, in seven client groups (the mid-visit one in an eighth): with the group of the most
    // views and the one of the most errors left out, 5 errors (the least a rate signal acts on) from 5 groups remain.
    const [midClient, ...clients] = clientsInGroups(8);
    const mid = await shopper(browser, 'canary', shop.origins.host, midClient);
    await addProductToCart(mid.page, 'hoi-an-handkerchief');
    await expect(cartBadge(mid.page)).toHaveText('1');

    // The baseline: a tenth of the checkout pages on the canary, none throwing (generated).
    await settled();
    // And one client that floods the canary with clean, fast page loads claiming its cohort, all it is allowed, to hide the bug.
    const { id, canaryBuild: build } = rollout();
    const pages = ['/cart', '/checkout', '/vi/cart', '/vi/checkout', '/cart/', '/checkout/', '/vi/cart/', '/vi/checkout/'];
    const cleaner = forge({
      origin: shop.origins.host,
      client: '203.0.113.67',
      claim: `${id}.canary`,
      done: () => rollout().state !== 'running',
      beacon: () => ({
        v: 2,
        hostBuild: hostBuild(),
        builds: { cart: build },
        records: [
          ...pages.map((page) => ({ kind: 'view' as const, page })),
          { kind: 'vital' as const, page: '/checkout', name: 'LCP' as const, value: 300 },
          { kind: 'vital' as const, page: '/checkout', name: 'INP' as const, value: 40 },
        ],
      }),
    });
    // In ten rounds, as shoppers arrive: a scrape between two posts never sees one cohort without the other.
    let posted = 0;
    for (let round = 0; round < 10; round += 1) {
      posted += await loads({ cohort: 'stable', count: 36, page: '/checkout', remote: 'cart' });
      posted += await loads({ cohort: 'canary', count: round < 5 ? 4 : 3, page: '/checkout', remote: 'cart' });
    }
    expect(posted).toBe(395);
    // Seven canary shoppers place an order, and the canary's code throws each time (real browsers, a client each).
    for (const client of clients) {
      const { context, page, errors } = await shopper(browser, 'canary', shop.origins.host, client);
      await addProductToCart(page, 'dragon-bridge-handkerchief');
      await placeOrder(page);
      await expect.poll(() => errors, { timeout: 30_000 }).toContain('canary cart: the order summary is undefined');
      // The page's beacon goes as it is left: the browser stays open until the shop has answered it.
      const before = beaconsAnswered();
      await page.goto('about:blank');
      await expect.poll(beaconsAnswered, { message: 'the page’s beacon, once it is left' }).toBeGreaterThan(before);
      await context.close();
    }
    await expect.poll(() => rollout().state, { timeout: 30_000, message: judge!.output.join('\n') }).toBe('aborted');
    expect(rollout().reason).toMatch(/^abort at 10%: errors: /);
    const cleaned = await cleaner;
    expect(cleaned.accepted, JSON.stringify(cleaned)).toBeGreaterThanOrEqual(20);
    expect(verdicts().map(({ verdict }) => verdict)).not.toContain('advance');
    await expect.poll(() => command('status')).toMatch(/cart: aborted at 10%[^]*errors +\d+% \(\d+\)[^]*last decision .*: abort, aborted/);

    // The shopper mid-visit: their next move reloads once into the stable build, the cart as it was, and the order goes through.
    let documents = 0;
    mid.page.on('load', () => (documents += 1));
    await mid.page.getByRole('link', { name: /^Cart/ }).click();
    await expect.poll(() => documents).toBe(1);
    await expect(mid.page.getByRole('link', { name: 'Proceed to Checkout' })).toBeVisible();
    expect(await runsFrom(mid.page, 'http://localhost:3670')).toBe(false);
    await expect(cartBadge(mid.page)).toHaveText('1');
    await placeOrder(mid.page, 'cart');
    expect(mid.errors).toEqual([]);
    expect(documents).toBe(1);
    await mid.context.close();
  });

  test('a canary catalogue whose product page’s LCP is twice the baseline’s is aborted by itself (generated)', async () => {
    await command('canary', 'catalog', CANARY_CATALOG, '--share', '10');
    judging('--no-data-limit', '120s', '--min-step', '60s');
    const page = '/products/hoi-an-handkerchief';
    await settled();
    await loads({ cohort: 'stable', count: 360, page, remote: 'catalog', lcpMedian: 1.1, seed: 1 });
    await loads({ cohort: 'canary', count: 40, page, remote: 'catalog', lcpMedian: 2.2, seed: 2 });
    await expect.poll(() => rollout().state, { timeout: 30_000, message: judge!.output.join('\n') }).toBe('aborted');
    expect(rollout().reason).toMatch(/^abort at 10%: LCP: canary p75 2\.\d s vs 1\.\d s stable/);
  });

  test('one client forging all it may for the canary (its errors, its claim to the cohort) neither aborts a healthy canary nor holds it', async () => {
    test.setTimeout(120_000);
    await command('canary', 'catalog', CANARY_CATALOG, '--share', '10', '--steps', '10,50,100');
    judging('--no-data-limit', '120s');
    const { id, canaryBuild: build } = rollout();
    const page = '/products/hoi-an-handkerchief';
    await settled();
    // The forger: one address, every page load claiming the canary cohort, each beacon 16 pages shown, each with an error from the canary's catalogue.
    const forger = forge({
      origin: shop.origins.host,
      client: '203.0.113.66',
      claim: `${id}.canary`,
      done: () => rollout().share !== 10 || rollout().state !== 'running',
      beacon: (index) => ({
        v: 2,
        hostBuild: hostBuild(),
        builds: { catalog: build },
        records: Array.from({ length: 16 }, (_, n) => [
          { kind: 'view' as const, page: `/products/forged-${index}-${n}` },
          { kind: 'error' as const, page: `/products/forged-${index}-${n}`, remote: 'catalog' },
        ]).flat(),
      }),
    });
    // Healthy shoppers keep coming, alike in both cohorts, split as the share says.
    for (let beat = 0; rollout().share === 10 && rollout().state === 'running' && beat < 80; beat += 1) {
      await loads({ cohort: 'canary', count: 4, page, remote: 'catalog', seed: 2 * beat + 1 });
      await loads({ cohort: 'stable', count: 36, page, remote: 'catalog', seed: 2 * beat + 2 });
      await new Promise((resolve) => setTimeout(resolve, 300));
    }
    const forged = await forger;
    // It sent all it was allowed, and more was refused.
    expect(forged.accepted, JSON.stringify(forged)).toBeGreaterThanOrEqual(20);
    expect(forged.refused, JSON.stringify(forged)).toBeGreaterThan(0);
    expect(rollout(), judge!.output.join('\n')).toMatchObject({ state: 'running', share: 50 });
    expect(verdicts().map(({ verdict }) => verdict)).not.toContain('abort');
    expect(verdicts().map(({ verdict }) => verdict)).not.toContain('hold');
    expect(
      verdicts()
        .find(({ verdict }) => verdict === 'advance')
        ?.reasons.at(-1),
    ).toMatch(/^left out: client groups /);
    await command('abort', 'catalog');
  });

  test('both cohorts browsing alike give the judge as many vitals: a page load made to move a shopper is no value', async ({ browser }) => {
    test.setTimeout(120_000);
    await command('canary', 'cart', CANARY_CART, '--share', '50');
    const { id } = rollout();
    const compared = async (cohort: 'canary' | 'stable') => {
      const text = await (await fetch(`http://127.0.0.1:${BASE_PORT + 6464}/metrics`)).text();
      const line = new RegExp(`^${METRIC.rolloutLcp}_count\\{[^}]*rollout="${id}"[^}]*cohort="${cohort}"[^}]*\\} (\\d+)`, 'gm');
      return [...text.matchAll(line)].reduce((sum, [, count]) => sum + Number(count), 0);
    };
    const leave = async (page: Page) => {
      const before = beaconsAnswered();
      await page.goto('about:blank');
      await expect.poll(beaconsAnswered, { message: 'the page’s beacon, once it is left' }).toBeGreaterThan(before);
    };
    // Three shoppers a cohort, new to the rollout (a bucket, no cohort yet), each on two visits the same way: the shop's
    // products, then the cart by its link; later, the cart again in a new tab. A canary shopper's first move is a whole page load.
    for (const cohort of ['canary', 'stable', 'canary', 'stable', 'canary', 'stable'] as const) {
      const context = await browser.newContext({ baseURL: shop.origins.host });
      await context.addCookies([{ name: 'maison_bucket', value: cohort === 'canary' ? '0' : '9999', url: shop.origins.host }]);
      await context.addInitScript(() => window.location.protocol.startsWith('http') && window.sessionStorage.setItem('hasVisited', 'true'));
      const first = await context.newPage();
      await first.goto('/products');
      await expect.poll(async () => (await context.cookies()).find(({ name }) => name === 'maison_cohort')?.value).toBe(`${id}.${cohort}`);
      await first.getByRole('link', { name: /^Cart/ }).click();
      await expect(first.getByRole('heading', { level: 1 })).toBeVisible();
      await first.waitForTimeout(1_000);
      await leave(first);
      const again = await context.newPage();
      await again.goto('/cart');
      await expect(again.getByRole('heading', { level: 1 })).toBeVisible();
      await again.waitForTimeout(1_000);
      await leave(again);
      await context.close();
    }
    // One value a shopper, from their second visit: the canary's move and the first pages (no cohort yet) are not compared.
    await expect.poll(async () => [await compared('canary'), await compared('stable')], { timeout: 15_000 }).toEqual([3, 3]);
    await command('abort', 'cart');
  });

  test('the caching proxy never mixes cohorts; a shopper stays in theirs across pages and reloads', async ({ browser }) => {
    test.skip(!nginx, 'nginx not found: the caching proxy is nginx');
    test.setTimeout(90_000);
    await command('canary', 'catalog', CANARY_CATALOG, '--share', '50');
    const cdn: Cdn = await startCdn(nginx!, BASE_PORT + 12, `http://127.0.0.1:${BASE_PORT}`);
    try {
      const { id } = rollout();
      const cohortOf = (html: string) => (html.includes(CANARY_CATALOG) ? 'canary' : 'stable');
      // The answerer serves the new rollout once it has read it (until then a canary claim gets a private stable page).
      const fromOrigin = (claim: string) =>
        fetch(`${shop.origins.host}/products`, { headers: { accept: 'text/html', cookie: `maison_cohort=${claim}` } });
      await expect.poll(async () => cohortOf(await (await fromOrigin(`${id}.canary`)).text())).toBe('canary');
      const seen = new Set<string>();
      for (let round = 0; round < 3; round += 1)
        for (const [claim, cohort] of [
          [`${id}.canary`, 'canary'],
          [`${id}.stable`, 'stable'],
          ['', 'stable'],
        ] as const)
          for (const address of ['/products', '/vi/products', '/products/hoi-an-handkerchief']) {
            const answer = await fetch(`${cdn.origin}${address}`, {
              headers: { accept: 'text/html', ...(claim ? { cookie: `maison_cohort=${claim}` } : {}) },
            });
            expect([address, claim, cohortOf(await answer.text())]).toEqual([address, claim, cohort]);
            expect(answer.headers.get('set-cookie')).toBeNull();
            seen.add(`${cohort} ${answer.headers.get('x-cache')}`);
          }
      expect([...seen]).toEqual(expect.arrayContaining(['canary MISS', 'canary HIT', 'stable MISS', 'stable HIT']));
      // A tester's build is never served from the cache nor kept in it.
      const tester = await fetch(`${cdn.origin}/products`, {
        headers: { accept: 'text/html', cookie: `maison_build=catalog@${rollout().canaryBuild}` },
      });
      expect([tester.headers.get('x-cache'), tester.headers.get('cache-control'), cohortOf(await tester.text())]).toEqual([
        'BYPASS',
        'private, no-store',
        'canary',
      ]);
      expect(cohortOf(await (await fetch(`${cdn.origin}/products`, { headers: { accept: 'text/html' } })).text())).toBe('stable');

      // A new shopper through the cache: assigned once, kept 400 days, the same cohort on every page after the first.
      const context = await browser.newContext({ baseURL: cdn.origin });
      const page = await context.newPage();
      await page.goto('/products');
      await expect.poll(async () => (await context.cookies()).find(({ name }) => name === 'maison_cohort')?.value).toBeTruthy();
      const cookies = await context.cookies();
      const bucket = cookies.find(({ name }) => name === 'maison_bucket')!;
      expect(bucket.expires * 1000).toBeGreaterThan(Date.now() + 399 * 24 * 3600_000);
      const mine = Number(bucket.value) < 5000 ? 'canary' : 'stable';
      expect(cookies.find(({ name }) => name === 'maison_cohort')?.value).toBe(`${id}.${mine}`);
      await page
        .getByRole('link', { name: /Hoi An Handkerchief/ })
        .first()
        .click();
      await expect(page.getByRole('heading', { name: 'Hoi An Handkerchief', level: 1 })).toBeVisible();
      for (let reload = 0; reload < 3; reload += 1) {
        await expect.poll(() => page.evaluate(() => document.documentElement.outerHTML).then(cohortOf)).toBe(mine);
        await page.reload();
      }
      expect((await context.cookies()).find(({ name }) => name === 'maison_bucket')?.value).toBe(bucket.value);
      await context.close();
    } finally {
      await cdn.stop();
      await command('abort', 'catalog');
    }
  });

  test('a canary with no traffic waits, then holds for a person, as the written policy says (no signals at all)', async () => {
    // The judge already running (it idles with no rollout), so that its looks fall between the share's settling and the limit.
    judging('--no-data-limit', '5s');
    await expect.poll(() => judge!.output.join('\n')).toContain('[rollout] judging');
    await command('canary', 'cart', CANARY_CART, '--share', '10');
    await expect.poll(() => rollout().state, { timeout: 30_000, message: judge!.output.join('\n') }).toBe('held');
    expect(judge!.output.some((line) => /: wait, nothing: only 0 canary views so far/.test(line))).toBe(true);
    expect(rollout().reason).toMatch(/^hold at 10%: still no verdict after 0 min at this step/);
    // One rollout at a time: a second remote's canary, or the rolled-out remote set by hand, is refused.
    const second = await deployCommand('rollout', shop.env, 'canary', 'catalog', CANARY_CATALOG);
    expect([second.status, second.output]).toEqual([1, expect.stringContaining('a rollout of cart is held at 10%')]);
    const set = await deployCommand('remotes', shop.env, 'set', 'cart', CANARY_CART);
    expect([set.status, set.output]).toEqual([1, expect.stringContaining('cart is being rolled out')]);
    await command('abort', 'cart');
  });

  test('a healthy canary is promoted to 100 % by itself, step by step (generated)', async () => {
    test.setTimeout(120_000);
    await command('canary', 'catalog', CANARY_CATALOG, '--share', '10', '--steps', '10,50,100');
    judging('--no-data-limit', '120s');
    const page = '/products/hoi-an-handkerchief';
    // Shoppers keep coming: forty page loads a beat, split as the rollout says now, alike in every way.
    for (let beat = 0; rollout().state === 'running' && beat < 120; beat += 1) {
      const { share } = rollout();
      const canary = Math.round((40 * share) / 100);
      await loads({ cohort: 'canary', count: canary, page, remote: 'catalog', seed: 2 * beat + 1 });
      await loads({ cohort: 'stable', count: 40 - canary, page, remote: 'catalog', seed: 2 * beat + 2 });
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    expect(rollout(), judge!.output.join('\n')).toMatchObject({ state: 'promoted', share: 100 });
    const remotes = JSON.parse(readFileSync(path.join(shop.env, ENVIRONMENT_FILE.remotes), 'utf8')) as Record<string, string>;
    expect(remotes.catalog).toBe(CANARY_CATALOG);
    // The judge says what it did once it has done it: its last line may come after the rollout's file says promoted.
    const steps = () =>
      judge!.output
        .filter((line) => /advance, (share \d+%|promoted)/.test(line))
        .map((line) => /advance, (share \d+%|promoted)/.exec(line)![1]);
    await expect.poll(steps).toEqual(['share 50%', 'promoted']);
    expect(await command('status')).toMatch(/catalog: promoted at 100%/);
  });
});
