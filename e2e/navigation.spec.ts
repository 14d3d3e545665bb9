/**
 * How the host answers a browser navigation, over HTTP, on whichever server runs the suite:
 * `npm run serve` (Node) or nginx with the configuration in deploy/nginx (E2E_SERVER=nginx).
 * Every answer is compared with navigationAnswer() (deploy/hosting-rules.ts), computed here from
 * the host build's route table and the render record the local environment published when the
 * servers started: the status, the redirect, which page came (the very file, so its language and
 * title), the text a not-found page shows (escaped), the preload hints, and the headers.
 * HTTP only: no browser, so that the nginx stage checks every path in seconds.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { test, expect, type APIRequestContext, type APIResponse } from '@playwright/test';
import { currentGeneration, LOCAL_ENVIRONMENT_DIR } from '../deploy/environment';
import {
  CACHE_CONTROL,
  navigationAnswer,
  preloadLinkFor,
  preloadLinks,
  securityHeaders,
  servedRemotes,
  type NavigationAnswer,
} from '../deploy/hosting-rules';
import type { ServedRoute } from '../host/src/routes';
import { withShownText } from '../host/src/server/notFoundText';
import { REMOTE_NAMES } from '../test/apps';
import { originOf } from './fixtures';
import { hostilePaths } from './hostilePaths';

const HOST = originOf('host');
const root = path.join(__dirname, '..');
const dist = path.join(root, 'host', 'dist');
const NAVIGATION = { accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8' };
const COOKIES = [undefined, 'maison_lang=en', 'maison_lang=vi'];
const SHELL = readFileSync(path.join(dist, 'index.html'), 'utf8');

/**
 * What the servers serve now, read as they read it: the route table, the current generation and
 * its render record (only beside the host build that rendered it), the preload hints and headers.
 */
function served() {
  const routes = JSON.parse(readFileSync(path.join(dist, 'routes.json'), 'utf8')) as ServedRoute[];
  const { hostBuild } = JSON.parse(readFileSync(path.join(dist, 'page-shell.json'), 'utf8')) as { hostBuild: string };
  const published = currentGeneration(path.join(root, LOCAL_ENVIRONMENT_DIR));
  expect(published?.render, 'the servers render and publish the local environment when they start').toBeDefined();
  const render = published!.render!;
  expect(render.hostBuild, 'the published pages are this host build’s').toBe(hostBuild);
  const remotes = servedRemotes(published!.remotesJson, REMOTE_NAMES);
  return {
    routes,
    render,
    dir: published!.dir,
    links: preloadLinks(routes, remotes.locations),
    headers: securityHeaders(remotes),
  };
}
type Served = ReturnType<typeof served>;

/** Paths nginx refuses before any rule runs (an escape that is not one, %00, `..` above the root): it answers 400 with the shop's page. */
function refusedByNginx(pathname: string): boolean {
  if (/%(?![0-9a-f]{2})|%00/i.test(pathname)) return true;
  let depth = 0;
  for (const segment of pathname
    .replace(/%([0-9a-f]{2})/gi, (_escape, code: string) => String.fromCharCode(parseInt(code, 16)))
    .split('/')) {
    if (segment === '..') depth -= 1;
    else if (segment !== '.' && segment !== '') depth += 1;
    if (depth < 0) return true;
  }
  return false;
}

/** All values of a header, split at commas (a server may send it twice, as nginx's gzip does Vary). */
const valuesOf = (response: APIResponse, name: string) =>
  response
    .headersArray()
    .filter((header) => header.name.toLowerCase() === name)
    .flatMap(({ value }) => value.split(',').map((part) => part.trim()));

/** nginx's include escapes what HTML needs and leaves `'` as it is (text either way). */
const asShown = (html: string) => html.replace(/&#39;/g, "'");

async function navigate(request: APIRequestContext, url: string, cookie: string | undefined) {
  return request.get(url, { headers: { ...NAVIGATION, ...(cookie ? { cookie } : {}) }, maxRedirects: 0 });
}

/** Checks one answer against the rules; returns its kind for the summary. */
async function expectAnswer(request: APIRequestContext, state: Served, asked: string, cookie: string | undefined): Promise<string> {
  const sent = new URL(`${HOST}${asked}`);
  const label = `${JSON.stringify(asked)} (sent ${sent.pathname}${sent.search}) with ${cookie ?? 'no cookie'}`;
  const response = await navigate(request, sent.href, cookie);
  const body = await response.text();
  const headers = response.headers();
  for (const [name, value] of Object.entries(state.headers)) expect(headers[name.toLowerCase()], `${label}: ${name}`).toBe(value);
  expect(headers['cache-control'], `${label}: Cache-Control`).toBe(CACHE_CONTROL.uncached);
  expect(headers['content-type'], `${label}: Content-Type`).toMatch(/^text\/html/);

  if (process.env.E2E_SERVER === 'nginx' && refusedByNginx(sent.pathname)) {
    expect(response.status(), `${label}: refused by nginx`).toBe(400);
    expect(body, `${label}: the shop's page`).toBe(SHELL);
    return 'refused (400)';
  }
  const { routes, render } = state;
  const answer: NavigationAnswer = navigationAnswer({ path: sent.pathname, query: sent.search.slice(1), cookie, routes, render });
  expect(response.status(), `${label}: ${JSON.stringify(answer)}`).toBe(answer.status);
  // Every navigation answer but a file of the build differs by the language cookie.
  expect(valuesOf(response, 'vary'), `${label}: Vary`).toContain('Cookie');
  if (answer.kind === 'redirect') {
    expect(headers['location'], label).toBe(answer.location);
    return 'redirect';
  }
  expect(headers['link'], `${label}: preload hints`).toBe(answer.kind === 'shell' ? preloadLinkFor(sent.pathname, state.links) : undefined);
  if (answer.kind === 'shell') {
    expect(body, `${label}: the shop's page, rendered in the browser`).toBe(SHELL);
    return `shell (${answer.status})`;
  }
  const file = readFileSync(path.join(state.dir, answer.file), 'utf8');
  const language = answer.file.split('/')[1];
  expect(/<html[^>]* lang="?([\w-]+)/.exec(body)?.[1], `${label}: the page's language`).toBe(language);
  expect(/<title>([^<]*)<\/title>/.exec(body)?.[1], `${label}: the page's title`).toBe(/<title>([^<]*)<\/title>/.exec(file)?.[1]);
  if (answer.kind === 'page') {
    expect(body, `${label}: ${answer.file}`).toBe(file);
    return 'page';
  }
  expect(asShown(body), `${label}: ${answer.file} showing ${JSON.stringify(answer.shows)}`).toBe(
    asShown(withShownText(file, answer.shows)),
  );
  expect(body, `${label}: no server-side include is left`).not.toContain('<!--#');
  return `not found (${answer.file.split('/')[2]})`;
}

/** Real routes and the cases around them; every one also with each language cookie. */
const ROUTES = [
  '/',
  '/products',
  '/products/',
  '/products//',
  '/products/hoi-an-handkerchief',
  '/products/hoi-an-handkerchief/',
  '/products/dragon-bridge-handkerchief',
  '/about',
  '/contact',
  '/cart',
  '/checkout',
  '/profile',
  '/?',
  '/products?sort=price-asc&view=list',
  '/products/hoi-an-handkerchief?variant=6',
  '/?utm_source=mail',
  '/cart?x=1',
  '/product/2',
  '/product/2/',
  '/product/9?x=1',
  '/product/99',
  '/products/nope',
  '/nowhere',
  '/nowhere?x=1',
  '/index',
  '/_not-found',
  '/pages/en/index.html',
  '/current/render.json',
  '/PRODUCTS/hoi-an-handkerchief',
  '/%61bout',
  '/products%3Fsort=x',
  '/products/a&b',
  '/products/%26amp%3B',
  '/products/x%3Fy',
  '//',
];

test.describe('navigation answers @smoke', () => {
  test('every route and 200+ hostile paths, in each language, are answered as navigationAnswer() says', async ({ request }) => {
    test.setTimeout(120_000);
    const state = served();
    const paths = [...ROUTES, ...hostilePaths()];
    const outcomes: Record<string, number> = {};
    const cases = paths.flatMap((asked) => COOKIES.map((cookie) => ({ asked, cookie })));
    for (let start = 0; start < cases.length; start += 16) {
      const kinds = await Promise.all(
        cases.slice(start, start + 16).map(({ asked, cookie }) => expectAnswer(request, state, asked, cookie)),
      );
      for (const kind of kinds) outcomes[kind] = (outcomes[kind] ?? 0) + 1;
    }
    // Each kind of answer was met: the comparison above cannot pass by never leaving the shell.
    for (const kind of ['page', 'redirect', 'shell (200)', 'not found (_not-found.html)', 'not found (_product-not-found.html)'])
      expect(outcomes[kind], `${kind} answers`).toBeGreaterThan(0);
    console.log(`[navigation] ${cases.length} answers: ${JSON.stringify(outcomes)}`);
  });

  test('the pages a shopper meets, as the rules mean them', async ({ request }) => {
    const text = async (url: string, cookie?: string) => {
      const response = await navigate(request, `${HOST}${url}`, cookie);
      return { response, body: await response.text() };
    };
    const home = await text('/', 'maison_lang=vi');
    expect(home.response.status()).toBe(200);
    expect(home.body).toMatch(/<html[^>]* lang="?vi/);
    expect(home.body).toContain('<main');

    const moved = await navigate(request, `${HOST}/product/2`, undefined);
    expect(moved.status()).toBe(301);
    expect(moved.headers()['location']).toBe('/products/hoan-kiem-lake-handkerchief?variant=2');

    // A query asks for a view the page was not rendered with: the shop's page, empty until its script runs.
    for (const url of ['/products?sort=price-asc', '/products/hoi-an-handkerchief?variant=6']) {
      const { response, body } = await text(url, 'maison_lang=vi');
      expect(response.status(), url).toBe(200);
      expect(body, url).not.toContain('<main');
      expect(/<div id="?root"?>(.*)<\/div>/s.exec(body)?.[1], url).toMatch(/^<div class="?mk-app-shell"? aria-hidden/);
    }

    const missing = await text('/nowhere/x', 'maison_lang=en');
    expect(missing.response.status()).toBe(404);
    expect(missing.body).toContain('<title>Oops! Page not found — Maison Khăn</title>');
    expect(missing.body).toContain('/nowhere/x');

    // The slug is shown as text: escaped, never markup.
    const payload = '<img src=x onerror=alert(1)>';
    const product = await text(`/products/${payload}`, 'maison_lang=vi');
    expect(product.response.status()).toBe(404);
    expect(product.body).toContain('<title>Không tìm thấy sản phẩm — Maison Khăn</title>');
    expect(product.body).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(product.body).not.toContain(payload);
    expect(product.body).not.toContain('<!--#');
  });

  test('crawlers get the published sitemap and robots.txt', async ({ request }) => {
    const { dir, render } = served();
    for (const [file, type] of [
      ['sitemap.xml', /^application\/xml/],
      ['robots.txt', /^text\/plain/],
    ] as const) {
      const response = await request.get(`${HOST}/${file}`);
      expect(response.status(), file).toBe(200);
      expect(response.headers()['content-type'], file).toMatch(type);
      expect(response.headers()['cache-control'], file).toBe(CACHE_CONTROL.uncached);
      expect(await response.text(), file).toBe(readFileSync(path.join(dir, file), 'utf8'));
    }
    const sitemap = await (await request.get(`${HOST}/sitemap.xml`)).text();
    for (const page of render.pages) expect(sitemap).toContain(`<loc>${render.origin}${page}</loc>`);
    expect(await (await request.get(`${HOST}/robots.txt`)).text()).toContain(`Sitemap: ${render.origin}/sitemap.xml`);
  });
});
