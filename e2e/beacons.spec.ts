/**
 * The signals a page load sends the shop's own origin (`SIGNALS_PATH`, host/src/federation/status/):
 * the pages shown, the remotes' loads and builds, the vitals, uncaught errors by remote, in
 * beacons of the contract's shape (beacon.ts, read here with its schema), whether or not
 * remotes.json names a report URL; none names another origin in the page policy. Each page load
 * first asks the shop for its token (`POST /rum/page-load`) and its beacons carry it (`/rum?t=…`).
 *
 * The environment is this checkout's host build on its own port, with a remotes.json that still
 * has the retired `reportUrl` older ones had (refused, the rest read: the same remotes as the suite's). Beacons are taken before
 * any receiver sees them: by Playwright when the page is hidden; by a recording proxy in front of
 * the shop when the page is left, since Playwright does not see the requests of a page being unloaded.
 */
import type { ChildProcess } from 'node:child_process';
import { createServer, request as forward, type Server } from 'node:http';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import * as v from 'valibot';
import type { Page } from '@playwright/test';
import { BEACON, PAGE_LOAD_PATH, SIGNALS_PATH, TOKEN_PARAMETER, type Beacon } from '@maison/host/contract';
import { test, expect, policyOrigins, switchLanguage } from './fixtures';
import { serveBuild } from './servers';
import { ENVIRONMENT_FILE, LOCAL_ENVIRONMENT_DIR } from '@maison/deploy';

const root = path.resolve(__dirname, '..');
const work = path.join(root, '.e2e-reports');
// Beside deploy.spec.ts (3100-3103), ownShop.ts (3110 and up, per worker) and against.dev.spec.ts (3200-3203).
const HOST_PORT = 3190;
const HOST = `http://localhost:${HOST_PORT}`;
const PROXY_PORT = 3199;
const PROXY = `http://localhost:${PROXY_PORT}`;
const OLD_REPORT_URL = 'https://rum.example.com/maison';
/** A beacon's address (its path, not the page-load token's `/rum/page-load`), whatever its query. */
const isBeacon = (url: URL) => url.pathname === SIGNALS_PATH;

/** Throws in the catalogue's own code (its product list page, called outside React), and rejects in the host's. */
async function throwInCatalogAndHost(page: Page) {
  await page.evaluate(async () => {
    type Container = { get(module: string): Promise<() => { default: () => unknown }> };
    const catalog = (window as unknown as { catalog: Container }).catalog;
    const { default: ProductListPage } = (await catalog.get('./ProductListPage'))();
    setTimeout(() => ProductListPage());
    void Promise.reject(new Error('e2e: rejected by the host'));
  });
}

test.describe('the signals a page load sends the shop’s own origin', () => {
  test.describe.configure({ mode: 'serial' });
  // One pattern: Playwright would read a pair as a value and its options.
  test.use({ expectedPageErrors: [/React error #321|e2e: rejected by the host/] });
  let host: ChildProcess;
  let proxy: Server;
  /** What the proxy took for the shop: each beacon's text. */
  const left: string[] = [];
  /** …and the token each came with. */
  const tokensLeft: string[] = [];

  test.beforeAll(async () => {
    mkdirSync(work, { recursive: true });
    const local = JSON.parse(readFileSync(path.join(root, LOCAL_ENVIRONMENT_DIR, ENVIRONMENT_FILE.remotes), 'utf8')) as object;
    writeFileSync(path.join(work, 'remotes.json'), JSON.stringify({ ...local, reportUrl: OLD_REPORT_URL }));
    host = await serveBuild({ build: path.join(root, 'host', 'dist'), port: HOST_PORT, env: work });
    proxy = createServer((request, response) => {
      if (request.method === 'POST' && isBeacon(new URL(request.url ?? '/', PROXY))) {
        let body = '';
        request.on('data', (chunk: Buffer) => (body += chunk.toString()));
        request.on('end', () => {
          left.push(body);
          tokensLeft.push(new URL(request.url ?? '/', PROXY).searchParams.get(TOKEN_PARAMETER) ?? '');
          response.writeHead(204).end();
        });
        return;
      }
      const upstream = forward({ port: HOST_PORT, path: request.url, method: request.method, headers: request.headers }, (answer) => {
        response.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(response);
      });
      request.pipe(upstream);
    });
    await new Promise<void>((resolve) => proxy.listen(PROXY_PORT, resolve));
  });

  test.afterAll(() => {
    host?.kill();
    proxy?.close();
    rmSync(work, { recursive: true, force: true });
  });

  test('a page hidden sends its views, loads, builds, vitals and errors by remote, and nothing to any other origin', async ({ page }) => {
    const beacons: Array<{ url: string; contentType: string | undefined; body: string }> = [];
    const tokens: string[] = [];
    page.on('response', async (response) => {
      if (new URL(response.url()).pathname === PAGE_LOAD_PATH) tokens.push(((await response.json()) as { token: string }).token);
    });
    await page.route(isBeacon, async (route) => {
      const request = route.request();
      beacons.push({
        url: `${request.method()} ${request.url()}`,
        contentType: request.headers()['content-type'],
        body: request.postData() ?? '',
      });
      await route.fulfill({ status: 204 });
    });
    const said: string[] = [];
    page.on('console', (message) => ['warning', 'error'].includes(message.type()) && said.push(`${message.type()}: ${message.text()}`));
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));

    const response = await page.goto(`${HOST}/products`);
    const policy = response?.headers()['content-security-policy'];
    expect(policyOrigins(policy, 'connect-src')).toBe(policyOrigins(policy, 'script-src'));
    expect(policy).not.toContain('rum.example.com');
    await expect(page.getByRole('heading', { name: 'Products', level: 1 })).toBeVisible();
    // The status chunk is in (once idle) and the vitals measured.
    await expect.poll(() => page.evaluate(() => Object.keys(window.__MAISON_FEDERATION__?.vitals ?? {}).sort())).toEqual(['CLS', 'LCP']);
    const { hostBuild, catalogBuild } = await page.evaluate(() => ({
      hostBuild: window.__MAISON_FEDERATION__!.host.buildVersion,
      catalogBuild: window.__MAISON_FEDERATION__!.remotes.catalog?.buildVersion,
    }));
    await throwInCatalogAndHost(page);
    await expect.poll(() => errors.length).toBe(2);

    // Moves inside the shop: a link, then the language menu.
    await page
      .getByRole('link', { name: /Hoi An Handkerchief/ })
      .first()
      .click();
    await expect(page.getByRole('heading', { level: 1, name: 'Hoi An Handkerchief' })).toBeVisible();
    const product = new URL(page.url()).pathname;
    await switchLanguage(page, 'Tiếng Việt');
    await expect(page).toHaveURL(`${HOST}/vi${product}`);
    expect(beacons).toEqual([]);

    // Headless Chromium never hides a page: its document says so, as a switch to another tab would.
    await page.evaluate(() => {
      Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'hidden' });
      document.dispatchEvent(new Event('visibilitychange'));
    });
    await expect.poll(() => beacons.length).toBeGreaterThan(0);
    // One page load, one token, asked for once from the shop itself; every beacon carries it.
    expect(tokens).toHaveLength(1);
    for (const { url, contentType } of beacons) {
      expect(url).toBe(`POST ${HOST}${SIGNALS_PATH}?${TOKEN_PARAMETER}=${encodeURIComponent(tokens[0]!)}`);
      expect(contentType).toBe('text/plain;charset=UTF-8');
    }
    const sent: Beacon[] = beacons.map(({ body }) => v.parse(BEACON, JSON.parse(body)));
    for (const beacon of sent) expect(beacon).not.toHaveProperty('pageLoad');
    expect(sent[0]).toMatchObject({ v: 2, hostBuild, builds: { catalog: catalogBuild } });
    expect(catalogBuild).toMatch(/^0\.1\.0\+/);
    const records = sent.flatMap((beacon) => beacon.records);
    expect(records.filter(({ kind }) => kind === 'view')).toEqual([
      { kind: 'view', page: '/products' },
      { kind: 'view', page: product },
      { kind: 'view', page: `/vi${product}` },
    ]);
    expect(records).toContainEqual({ kind: 'load', page: '/products', remote: 'catalog', build: catalogBuild, fallback: false });
    expect(records).toContainEqual({ kind: 'vital', page: '/products', name: 'LCP', value: expect.any(Number) });
    expect(records).toContainEqual({ kind: 'vital', page: expect.any(String), name: 'CLS', value: expect.any(Number) });
    const errorsSent = records.filter(({ kind }) => kind === 'error');
    expect(errorsSent).toHaveLength(2);
    expect(errorsSent).toEqual(
      expect.arrayContaining([
        { kind: 'error', page: '/products', remote: 'catalog' },
        { kind: 'error', page: '/products', remote: 'host' },
      ]),
    );
    // Never a message, a stack or a timing.
    expect(beacons.map(({ body }) => body).join('\n')).not.toMatch(/React|e2e:|duration|total|localhost:3001/);
    expect(said.filter((text) => text.includes('reportUrl'))).toEqual([
      `error: [federation] /remotes.json: "reportUrl" is retired: pages report to the shop's own origin now; delete the key`,
    ]);
  });

  test('a page left sends its records, even before the status chunk is in', async ({ page }) => {
    // The page left once the chunk is in: its vitals go too.
    await page.goto(`${PROXY}/products`);
    await expect(page.getByRole('heading', { name: 'Products', level: 1 })).toBeVisible();
    await expect.poll(() => page.evaluate(() => window.__MAISON_FEDERATION__?.vitals.LCP?.value ?? null)).not.toBeNull();
    await page.goto(`${PROXY}/about`);
    await expect.poll(() => left.length).toBeGreaterThan(0);
    // Each beacon with its page load's token (the shop's, asked for through the proxy).
    expect(tokensLeft.length).toBeGreaterThan(0);
    expect(tokensLeft.every((token) => /^[\w-]+\.[\w-]+$/.test(token))).toBe(true);
    const afterIdle = left.splice(0).flatMap((body) => v.parse(BEACON, JSON.parse(body)).records);
    expect(afterIdle).toEqual(
      expect.arrayContaining([
        { kind: 'view', page: '/products' },
        expect.objectContaining({ kind: 'load', remote: 'catalog' }),
        expect.objectContaining({ kind: 'vital', name: 'LCP' }),
      ]),
    );

    // The chunk never comes: the page's own start-up sends what it has as the page is left.
    await page.route('**/federation-status.*.js', () => undefined);
    await page.goto(`${PROXY}/products`);
    await expect(page.getByRole('heading', { name: 'Products', level: 1 })).toBeVisible();
    await expect.poll(() => page.evaluate(() => window.__MAISON_FEDERATION__?.remotes.catalog?.state)).toBe('loaded');
    await throwInCatalogAndHost(page);
    const pageLoadRecords = await page.evaluate(() => window.__MAISON_FEDERATION__?.records.length);
    expect(pageLoadRecords, 'the status chunk is not in').toBe(0);
    await page.goto(`${PROXY}/contact`);
    const leftEarly = () => left.map((body) => v.parse(BEACON, JSON.parse(body))).find(({ records }) => records[0]?.page === '/products');
    await expect.poll(leftEarly).toBeDefined();
    const { builds, records } = leftEarly()!;
    expect(builds).toEqual({ catalog: expect.stringMatching(/^0\.1\.0\+/) });
    expect(records.slice(0, 2)).toEqual([
      { kind: 'view', page: '/products' },
      { kind: 'load', page: '/products', remote: 'catalog', build: builds.catalog, fallback: false },
    ]);
    expect(records.slice(2)).toEqual(
      expect.arrayContaining([
        { kind: 'error', page: '/products', remote: 'catalog' },
        { kind: 'error', page: '/products', remote: 'host' },
      ]),
    );
  });
});
