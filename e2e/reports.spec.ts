/**
 * What each remote costs the page, as on-call and an environment's collector see it. An
 * environment that sets `reportUrl` in its remotes.json gets each page load's records by beacon
 * when the page is hidden; one that does not gets nothing, and the page sends nothing anywhere.
 * The reporting environment is this checkout's host build served on its own port with its own
 * remotes.json (the same remotes as the suite's), and a local collector.
 */
import type { ChildProcess } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { test, expect, originOf, REMOTE_ORIGINS } from './fixtures';
import { serveBuild } from './servers';
import { ENVIRONMENT_FILE, LOCAL_ENVIRONMENT_DIR } from '@maison/deploy';

const root = path.resolve(__dirname, '..');
const work = path.join(root, '.e2e-reports');
// Beside deploy.spec.ts (3100-3103), ownShop.ts (3110 and up, per worker) and against.dev.spec.ts (3200-3203).
const HOST_PORT = 3190;
const HOST = `http://localhost:${HOST_PORT}`;
const COLLECTOR_PORT = 3199;

interface Report {
  pageLoad: string;
  hostBuild: string;
  records: Array<Record<string, unknown> & { kind: string }>;
}

test.describe('reports of what each remote costs the page', () => {
  test.describe.configure({ mode: 'serial' });
  const reports: Array<{ contentType: string | undefined; body: Report }> = [];
  let collector: Server;
  let host: ChildProcess;

  test.beforeAll(async () => {
    mkdirSync(work, { recursive: true });
    const remotesFile = path.join(work, 'remotes.json');
    const local = JSON.parse(readFileSync(path.join(root, LOCAL_ENVIRONMENT_DIR, ENVIRONMENT_FILE.remotes), 'utf8')) as object;
    writeFileSync(remotesFile, JSON.stringify({ ...local, reportUrl: `http://localhost:${COLLECTOR_PORT}/maison` }));
    collector = createServer((request, response) => {
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk.toString()));
      request.on('end', () => {
        if (request.method === 'POST') reports.push({ contentType: request.headers['content-type'], body: JSON.parse(body) as Report });
        response.writeHead(204).end();
      });
    });
    await new Promise<void>((resolve) => collector.listen(COLLECTOR_PORT, resolve));
    host = await serveBuild({ build: path.join(root, 'host', 'dist'), port: HOST_PORT, env: work });
  });

  test.afterAll(() => {
    host?.kill();
    collector?.close();
    rmSync(work, { recursive: true, force: true });
  });

  test('a page load’s loads, timings and vitals reach the environment’s collector when the page is left', async ({ page }) => {
    const response = await page.goto(`${HOST}/products`);
    expect(response?.headers()['content-security-policy']).toContain(`connect-src 'self'`);
    expect(response?.headers()['content-security-policy']).toContain(`http://localhost:${COLLECTOR_PORT};`);
    await expect(page.getByRole('heading', { name: 'Products', level: 1 })).toBeVisible();
    // Vitals are watched from the first idle moment on; the status shows them before any report.
    await expect.poll(() => page.evaluate(() => window.__MAISON_FEDERATION__?.vitals.LCP?.area ?? null)).not.toBeNull();
    expect(reports).toEqual([]);

    // Leaving the page hides it: its records go out in a beacon.
    await page.goto(`${HOST}/about`);
    await expect.poll(() => reports.length).toBeGreaterThan(0);
    const { contentType, body } = reports[0]!;
    expect(contentType).toMatch(/^text\/plain/);
    expect(body.pageLoad).toEqual(expect.any(String));
    expect(body.hostBuild).toMatch(/^0\.1\.0\+/);
    const load = body.records.find((record) => record.kind === 'load' && record.module === 'catalog/ProductListPage');
    expect(load).toMatchObject({
      page: '/products',
      remote: 'catalog',
      url: `${originOf('catalog')}/mf-manifest.json`,
      build: expect.stringMatching(/^0\.1\.0\+/),
      fallback: false,
      manifest: { url: `${originOf('catalog')}/mf-manifest.json`, start: expect.any(Number), duration: expect.any(Number) },
      entry: { url: `${originOf('catalog')}/remoteEntry.js`, start: expect.any(Number), duration: expect.any(Number) },
      total: expect.any(Number),
    });
    expect((load!.chunks as unknown[]).length).toBeGreaterThan(0);
    const lcp = body.records.find((record) => record.kind === 'vital' && record.name === 'LCP');
    expect(lcp).toMatchObject({ page: '/products', value: expect.any(Number), remote: expect.stringMatching(/^(catalog|host)$/) });
  });

  test('without a report URL, nothing leaves the page: no beacon, no request beyond the shop’s own origins', async ({ page }) => {
    const shopOrigins = [originOf('host'), ...Object.values(REMOTE_ORIGINS)];
    const requests: string[] = [];
    page.on('request', (request) => requests.push(`${request.method()} ${request.resourceType()} ${request.url()}`));
    await page.goto('/products');
    await expect(page.getByRole('heading', { name: 'Products', level: 1 })).toBeVisible();
    await expect.poll(() => page.evaluate(() => window.__MAISON_FEDERATION__?.vitals.LCP?.area ?? null)).not.toBeNull();
    await page
      .getByRole('link', { name: /Hoi An Handkerchief/ })
      .first()
      .click();
    await expect(page.getByRole('heading', { level: 1, name: 'Hoi An Handkerchief' })).toBeVisible();
    await page.goto('/about');
    await expect(page.getByRole('heading', { level: 1, name: 'About Maison Khăn' })).toBeVisible();
    const elsewhere = requests.filter((line) => !shopOrigins.some((origin) => line.includes(` ${origin}/`)));
    expect(elsewhere).toEqual([]);
    expect(requests.filter((line) => line.startsWith('POST') || line.includes(' ping '))).toEqual([]);
  });
});
