/**
 * An abort reaches the canary pages a CDN keeps (docs/operations.md, "Ship a remote gradually",
 * "Behind a CDN"): a shop of this test's own (ports 3690-3693, its metrics on 10154) behind nginx
 * configured as the runbook says (e2e/cdn.ts, on 3696), a canary catalogue (a copy of the build
 * under a version of its own, e2e/canaryBuilds.ts) on 3695. A shopper who still carries the canary
 * cookie after the abort (a reload, a new tab) gets the stable page through the cache within the
 * pages' fresh time and the servers' re-check, and never the canary page after that.
 */
import type { ChildProcess } from 'node:child_process';
import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from '@playwright/test';
import { test, expect } from './fixtures';
import { canaryBuild } from './canaryBuilds';
import { nginxBinary, startCdn, type Cdn } from './cdn';
import { ownEnvironment } from './ownEnvironment';
import { deployCommand, serveBuild } from './servers';

const BASE_PORT = 3690;
const shop = ownEnvironment('cdn-abort', BASE_PORT);
const CANARY_PORT = BASE_PORT + 5;
const CANARY_CATALOG = `http://localhost:${CANARY_PORT}/mf-manifest.json`;
const nginx = nginxBinary();
const work = path.resolve(__dirname, '..', '.e2e-cdn-abort-builds');
/** The servers read rollout.json again at most this long after it changes (deploy/src/environment/served.ts). */
const RECHECK_MS = 250;
/** nginx counts a copy's fresh time in whole seconds from the second it was kept: up to a second more. */
const NGINX_CLOCK_MS = 1_000;

const rolloutFile = () => path.join(shop.env, 'rollout.json');
const rollout = () => JSON.parse(readFileSync(rolloutFile(), 'utf8')) as { id: string; state: string };
const UNSEEN = '/products/hoi-an-handkerchief';
const cohortOf = (html: string) => (html.includes(CANARY_CATALOG) ? 'canary' : 'stable');

/** A tab of a shopper of the canary cohort, their cookies as the page set them. */
async function canaryShopper(browser: Browser, origin: string, id: string): Promise<BrowserContext> {
  const context = await browser.newContext({ baseURL: origin });
  await context.addCookies([
    { name: 'maison_bucket', value: '0', url: origin },
    { name: 'maison_cohort', value: `${id}.canary`, url: origin },
  ]);
  await context.addInitScript(() => window.location.protocol.startsWith('http') && window.sessionStorage.setItem('hasVisited', 'true'));
  return context;
}

/** A page load (the document as the cache answered it): its cohort, X-Cache and Cache-Control. */
async function load(page: Page, address: string) {
  const answer = (await page.goto(address, { waitUntil: 'commit' }))!;
  const headers = answer.headers();
  return { cohort: cohortOf(await answer.text()), cache: headers['x-cache'], cacheControl: headers['cache-control'] };
}

test.describe('an abort behind a CDN', () => {
  test.skip(!nginx, 'nginx not found: the shared cache is nginx (Debian: apt-get install -y nginx)');
  let cdn: Cdn;
  let canary: ChildProcess | undefined;

  test.beforeAll(async () => {
    test.setTimeout(120_000);
    canaryBuild('remote-catalog', path.join(work, 'catalog'), 'next');
    canary = await serveBuild({ build: path.join(work, 'catalog'), port: CANARY_PORT, remote: true });
    await shop.start();
    cdn = await startCdn(nginx!, BASE_PORT + 6, `http://127.0.0.1:${BASE_PORT}`);
  });

  test.afterAll(async () => {
    await cdn?.stop();
    await shop.remove();
    canary?.kill();
  });

  test('a canary page the cache kept is replaced by the stable page within the fresh time and the re-check, never served after', async ({
    browser,
  }) => {
    test.setTimeout(90_000);
    const canaryCommand = await deployCommand('rollout', shop.env, 'canary', 'catalog', CANARY_CATALOG, '--share', '50');
    expect(canaryCommand.status, canaryCommand.output).toBe(0);
    const { id } = rollout();
    // The answerer serves the new rollout once it has read it.
    await expect
      .poll(async () => {
        const answer = await fetch(`${shop.origins.host}/products`, {
          headers: { accept: 'text/html', cookie: `maison_cohort=${id}.canary` },
        });
        return cohortOf(await answer.text());
      })
      .toBe('canary');

    // A canary shopper's page, through the cache: kept under the canary key.
    const tab = await canaryShopper(browser, cdn.origin, id);
    const page = await tab.newPage();
    const first = await load(page, '/products');
    expect(first).toMatchObject({ cohort: 'canary', cache: 'MISS' });
    const freshMs = Number(/s-maxage=(\d+)/.exec(first.cacheControl ?? '')?.[1]) * 1000;
    expect(freshMs).toBeGreaterThan(0);
    expect.soft(first.cacheControl, 'what the canary key gets is never served stale').not.toContain('stale-while-revalidate');
    expect(await load(page, '/products')).toMatchObject({ cohort: 'canary', cache: 'HIT' });
    // Another page kept under the canary key, not looked at again until well after the bound.
    expect(await load(page, UNSEEN)).toMatchObject({ cohort: 'canary', cache: 'MISS' });

    // The abort: it ends the canary the moment rollout.json says so (then publishes without its pages).
    const aborting = deployCommand('rollout', shop.env, 'abort', 'catalog');
    await expect.poll(() => rollout().state, { intervals: [50] }).toBe('aborted');
    const aborted = statSync(rolloutFile()).mtimeMs;
    const bound = freshMs + RECHECK_MS + NGINX_CLOCK_MS;

    // New tabs that still carry the canary cookie, page load after page load: the canary page until at most
    // the bound, then the stable page, kept under the canary key (a HIT), and never the canary page again.
    // `asked`: when the page load began (what the cache answered, it answered after); `at`: when it ended.
    const looks: Array<{ asked: number; at: number; cohort: string; cache: string | undefined }> = [];
    const look = async () => {
      const context = await canaryShopper(browser, cdn.origin, id);
      // The document alone: the cache's answer is what is looked at.
      await context.route(/./, (route) => (route.request().isNavigationRequest() ? route.continue() : route.abort()));
      const asked = Date.now() - aborted;
      const { cohort, cache, cacheControl } = await load(await context.newPage(), '/products');
      const at = Date.now() - aborted;
      await context.close();
      looks.push({ asked, at, cohort, cache });
      return { at, cohort, cache, cacheControl };
    };
    let stableAt: number | undefined;
    while (Date.now() - aborted < bound + 5_000) {
      const seen = await look();
      if (seen.cohort === 'stable') {
        stableAt ??= seen.at;
        expect(seen.cacheControl, 'shared, in place of the canary’s copy').toMatch(/^public, .*s-maxage=/);
      }
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    const report = looks.map(({ at, cohort, cache }) => `${(at / 1000).toFixed(2)} s ${cohort} ${cache}`).join('\n');
    console.log(`[cdnAbort] from the abort, through the cache (bound ${(bound / 1000).toFixed(2)} s):\n${report}`);
    expect(stableAt, report).toBeDefined();
    // The bound is on what the cache answers, so on page loads asked after it: one asked just before may end after it.
    expect(
      looks.filter(({ asked, cohort }) => cohort === 'canary' && asked > bound),
      report,
    ).toEqual([]);
    expect(
      looks.filter(({ asked }) => asked > stableAt!).map(({ cohort }) => cohort),
      report,
    ).not.toContain('canary');
    expect(
      looks.some(({ cohort, cache }) => cohort === 'stable' && cache === 'HIT'),
      `the stable page is kept under the canary key\n${report}`,
    ).toBe(true);

    // The page no one asked for since the abort: its canary copy is never served stale at its first look.
    await tab.addCookies([{ name: 'maison_cohort', value: `${id}.canary`, url: cdn.origin }]);
    const unseen = await load(page, UNSEEN);
    expect([unseen.cohort, unseen.cache], report).toEqual(['stable', 'EXPIRED']);

    // The shopper's own tab reloads, still with the canary cookie: the stable page, and nothing from the canary's build.
    const reloaded = (await page.reload())!;
    expect(cohortOf(await reloaded.text())).toBe('stable');
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
    expect(
      await page.evaluate(
        (from) => performance.getEntriesByType('resource').some(({ name }) => name.startsWith(from)),
        `http://localhost:${CANARY_PORT}`,
      ),
    ).toBe(false);
    await tab.close();

    const abortCommand = await aborting;
    expect(abortCommand.status, abortCommand.output).toBe(0);
  });
});
