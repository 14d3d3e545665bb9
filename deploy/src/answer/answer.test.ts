/**
 * What the servers answer, as a table: a request in, the status, headers and body out, for a
 * small shop on disk (testing/fixtures.ts) whose environment has published one generation.
 */
import { readFileSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { brotliCompressSync, brotliDecompressSync, constants, gunzipSync } from 'node:zlib';
import { watchEnvironment } from '../environment/served.ts';
import { fixtureShop, HOST_BUILD, renderRecord, SHELL, writeGeneration, type FixtureShop } from '../testing/fixtures.ts';
import type { Answerer } from './http.ts';
import { composeAnswerer, createAnswerer } from './answer.ts';
import { buildFiles } from './files.ts';
import { inlineSource } from '../render/renderRecord.ts';
import { FILE_POLICY } from './policy.ts';

const PAGE_POLICY_SOURCES = "'self' http://localhost:3001 https://cdn.example.com";
const HTML = 'text/html,application/xhtml+xml,*/*;q=0.8';
const GEN = '20261124T000000000Z-1-0001';
const PAGE_CACHE = 'public, max-age=0, must-revalidate, s-maxage=10, stale-while-revalidate=60';

let shop: FixtureShop;
let host: Answerer;
let remote: Answerer;
const log = jest.fn();

beforeEach(() => {
  shop = fixtureShop();
  writeGeneration(shop.env, GEN);
  const environment = watchEnvironment(shop.env, { log, recheckMs: 0 });
  host = createAnswerer({ app: { isHost: true, dist: shop.hostDist }, environment, log }).answer;
  remote = createAnswerer({ app: { isHost: false, dist: shop.remoteDist }, environment, log }).answer;
});
afterEach(() => shop.cleanup());

const ask = (answer: Answerer, path: string, headers: Record<string, string> = {}, method = 'GET') =>
  answer(new Request(`http://localhost${path}`, { method, headers }));

type Expected = {
  status: number;
  type?: RegExp;
  cache?: string;
  policy: 'page' | 'file';
  cors?: boolean;
  body?: RegExp;
  headers?: Record<string, string | undefined>;
};

const HOST_ANSWERS: Array<[string, Record<string, string>, Expected]> = [
  // Pages: the one rendered, in the language of the address; the same for everyone there, so a shared cache may keep it.
  [
    '/',
    { accept: HTML },
    {
      status: 200,
      type: /^text\/html/,
      cache: PAGE_CACHE,
      policy: 'page',
      body: /<html lang="en">.*<main>\/ 2026.*<\/main>/,
      headers: { vary: 'Accept-Encoding', 'set-cookie': undefined },
    },
  ],
  [
    '/',
    { accept: HTML, cookie: 'a=1; maison_lang=vi' },
    { status: 200, policy: 'page', body: /<html lang="en">/, headers: { vary: 'Accept-Encoding' } },
  ],
  ['/vi/', { accept: HTML }, { status: 200, cache: PAGE_CACHE, policy: 'page', body: /<html lang="vi">.*<main>\/ 2026/ }],
  ['/vi', { accept: HTML }, { status: 301, policy: 'page', headers: { location: '/vi/' } }],
  [
    '/vi/products/hoi-an-handkerchief',
    { accept: HTML },
    { status: 200, policy: 'page', body: /<html lang="vi">.*<main>\/products\/hoi-an-handkerchief 20/ },
  ],
  ['/products/', { accept: HTML }, { status: 200, policy: 'page', body: /<main>\/products 20/ }],
  ['/products/hoi-an-handkerchief', {}, { status: 200, policy: 'page', body: /<main>\/products\/hoi-an-handkerchief 20/ }],
  // curl and link previews: no Accept, or */*, for a path that is not a file name.
  ['/about', { accept: '*/*' }, { status: 200, policy: 'page', body: /<main>\/about 20/ }],
  // A query asks for a view the page was not rendered with: the shell, with the route's remote hinted.
  [
    '/products?sort=price-asc',
    { accept: HTML },
    {
      status: 200,
      // The shell, where a rendered view could not be had: kept seconds, not minutes.
      cache: 'public, max-age=0, must-revalidate, s-maxage=2',
      policy: 'page',
      body: /mk-app-shell/,
      headers: {
        link: '<http://localhost:3001/mf-manifest.json>; rel=preload; as=fetch; crossorigin, <http://localhost:3001/remoteEntry.js>; rel=preload; as=script; crossorigin',
      },
    },
  ],
  [
    '/cart',
    { accept: HTML },
    {
      status: 200,
      policy: 'page',
      body: /mk-app-shell/,
      headers: {
        link: '<https://cdn.example.com/cart/2/mf-manifest.json>; rel=preload; as=fetch; crossorigin, <https://cdn.example.com/cart/2/remoteEntry.js>; rel=preload; as=script; crossorigin',
      },
    },
  ],
  [
    '/profile',
    { accept: HTML },
    {
      status: 200,
      policy: 'page',
      headers: {
        link: '</account/mf-manifest.json>; rel=preload; as=fetch; crossorigin, </account/remoteEntry.js>; rel=preload; as=script',
      },
    },
  ],
  [
    '/product/2',
    { accept: HTML },
    { status: 301, policy: 'page', headers: { location: '/products/hoan-kiem-lake-handkerchief?variant=2' } },
  ],
  [
    '/product/2/',
    { accept: HTML },
    { status: 301, policy: 'page', headers: { location: '/products/hoan-kiem-lake-handkerchief?variant=2' } },
  ],
  // Unknown paths: 404 with the page that says so, showing what was asked for, escaped.
  ['/nowhere/x', { accept: HTML }, { status: 404, policy: 'page', body: /<main>not-found 20[^<]* \/nowhere\/x<\/main>/ }],
  [
    '/vi/products/no-such-thing',
    { accept: HTML },
    { status: 404, cache: PAGE_CACHE, policy: 'page', body: /lang="vi".*product-not-found 20[^<]* no-such-thing</ },
  ],
  ['/vi/nowhere', { accept: HTML }, { status: 404, policy: 'page', body: /lang="vi".*not-found 20[^<]* \/nowhere</ }],
  [
    '/vi/product/2',
    { accept: HTML },
    { status: 301, policy: 'page', headers: { location: '/vi/products/hoan-kiem-lake-handkerchief?variant=2' } },
  ],
  ['/vi/cart', { accept: HTML }, { status: 200, policy: 'page', body: /mk-app-shell/ }],
  ['/products/%3Cimg%20src=x%3E', { accept: HTML }, { status: 404, policy: 'page', body: /product-not-found 20[^<]* &lt;img src=x&gt;</ }],
  ['/product/99', { accept: HTML }, { status: 404, policy: 'page', body: /product-not-found/ }],
  // Files of the build, by their cache class; never to another origin (the host sends no CORS).
  [
    '/main.0123456789.js',
    { accept: '*/*' },
    { status: 200, type: /^text\/javascript/, cache: 'public, max-age=31536000, immutable', policy: 'file', body: /the shop/ },
  ],
  ['/favicon.svg', {}, { status: 200, type: /^image\/svg\+xml/, cache: 'public, max-age=3600', policy: 'file' }],
  ['/index.html', {}, { status: 200, type: /^text\/html/, cache: 'no-cache', policy: 'page', body: /mk-app-shell/ }],
  ['/remotes.json', {}, { status: 200, type: /^application\/json/, cache: 'no-cache', policy: 'file', body: /cdn\.example\.com\/cart\/2/ }],
  ['/sitemap.xml', {}, { status: 200, type: /^application\/xml/, cache: PAGE_CACHE, policy: 'file', body: new RegExp(GEN) }],
  ['/robots.txt', {}, { status: 200, type: /^text\/plain/, cache: PAGE_CACHE, policy: 'file', body: /Sitemap:/ }],
  // Never handed out: source maps, the server-only files of the build, dot-files; a missing file is a plain 404.
  ['/main.0123456789.js.map', {}, { status: 404, type: /^text\/plain/, cache: 'no-cache', policy: 'file', body: /^Not found/ }],
  ['/routes.json', {}, { status: 404, policy: 'file', body: /^Not found/ }],
  ['/page-shell.json', {}, { status: 404, policy: 'file', body: /^Not found/ }],
  ['/.env', {}, { status: 404, policy: 'file', body: /^Not found/ }],
  // An address a cache reads as another: sent to that one, never kept (no-store).
  ['/%2eenv', { accept: 'text/plain' }, { status: 301, cache: 'no-store', policy: 'file', headers: { location: '/.env' } }],
  ['/current/render.json', {}, { status: 404, policy: 'file', body: /^Not found/ }],
  ['/missing.0123456789.js', { accept: '*/*' }, { status: 404, policy: 'file', body: /^Not found/ }],
  ['/assets//x.svg', {}, { status: 301, cache: 'no-store', policy: 'file', headers: { location: '/assets/x.svg' } }],
  ['//products', { accept: HTML }, { status: 301, cache: 'no-store', policy: 'file', headers: { location: '/products' } }],
  [
    '/products//hoi-an-handkerchief',
    { accept: HTML },
    { status: 301, policy: 'file', headers: { location: '/products/hoi-an-handkerchief' } },
  ],
  ['/vi//evil.example/?a=1', { accept: HTML }, { status: 301, policy: 'file', headers: { location: '/vi/evil.example/?a=1' } }],
  ['/vi/%5Cevil.example/', { accept: HTML }, { status: 301, policy: 'file', headers: { location: '/vi/evil.example/' } }],
  [
    '/products%2Fhoi-an-handkerchief',
    { accept: HTML },
    { status: 301, policy: 'file', headers: { location: '/products/hoi-an-handkerchief' } },
  ],
  ['/%70roducts?sort=price-asc', { accept: HTML }, { status: 301, policy: 'file', headers: { location: '/products?sort=price-asc' } }],
  // What is answered depends on the encoding accepted, and at a file name on the Accept: caches are told.
  ['/nowhere', { accept: HTML }, { status: 404, cache: PAGE_CACHE, policy: 'page', headers: { vary: 'Accept-Encoding' } }],
  [
    '/products/v1.2',
    { accept: HTML },
    { status: 404, policy: 'page', body: /product-not-found/, headers: { vary: 'Accept, Accept-Encoding' } },
  ],
  [
    '/products/v1.2',
    { accept: '*/*' },
    { status: 404, cache: 'no-cache', policy: 'file', body: /^Not found/, headers: { vary: 'Accept' } },
  ],
  // A path that is no file name is a page whatever the request accepts.
  ['/about', { accept: 'application/json' }, { status: 200, policy: 'page', body: /<main>\/about 20/ }],
  // A page request for a file name that is not there is a page request all the same.
  ['/.env', { accept: HTML }, { status: 404, policy: 'page', body: /not-found/ }],
];

describe('the host answers', () => {
  it.each(HOST_ANSWERS)('GET %s %j', async (path, headers, expected) => {
    const response = await ask(host, path, headers);
    expect(response.status).toBe(expected.status);
    const policy = response.headers.get('content-security-policy')!;
    if (expected.policy === 'file') expect(policy).toBe(FILE_POLICY);
    // The boot script the served generation's pages carry, allowed by its hash (its render record says so).
    else expect(policy).toContain(`script-src ${PAGE_POLICY_SOURCES} ${inlineSource('start()')};`);
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('x-frame-options')).toBe('DENY');
    expect(response.headers.get('access-control-allow-origin')).toBeNull();
    if (expected.type) expect(response.headers.get('content-type')).toMatch(expected.type);
    if (expected.cache) expect(response.headers.get('cache-control')).toBe(expected.cache);
    for (const [name, value] of Object.entries(expected.headers ?? {})) expect(response.headers.get(name) ?? undefined).toBe(value);
    if (expected.body) expect(await response.text()).toMatch(expected.body);
  });
});

describe('a remote answers', () => {
  it.each([
    ['/remoteEntry.js', 200, 'no-cache'],
    ['/mf-manifest.json', 200, 'no-cache'],
    ['/chunk.abcdef0123.js', 200, 'public, max-age=31536000, immutable'],
    ['/images/hoi-an.svg', 200, 'public, max-age=3600'],
    // A remote has no page: a page request is a plain 404, readable by the shop's page (CORS).
    ['/products', 404, 'no-cache'],
    // The build's stats for its tools name the build machine's files: never handed out.
    ['/mf-manifest-stats.json', 404, 'no-cache'],
  ])('GET %s: %i, %s, to any origin, under the closed policy', async (path, status, cache) => {
    const response = await ask(remote, path, { accept: path === '/products' ? HTML : '*/*' });
    expect([response.status, response.headers.get('cache-control')]).toEqual([status, cache]);
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    expect(response.headers.get('content-security-policy')).toBe(FILE_POLICY);
  });
});

describe('how bodies are sent', () => {
  it('refuses anything but GET and HEAD', async () => {
    const response = await ask(host, '/', {}, 'POST');
    expect([response.status, response.headers.get('allow')]).toEqual([405, 'GET, HEAD']);
  });

  it('answers HEAD with the headers of GET and no body', async () => {
    const [get, head] = await Promise.all([ask(host, '/', { accept: HTML }), ask(host, '/', { accept: HTML }, 'HEAD')]);
    expect(head.status).toBe(200);
    expect(head.headers.get('content-length')).toBe(get.headers.get('content-length'));
    expect(await head.text()).toBe('');
  });

  it('compresses text for a client that accepts it (brotli first), with an ETag per form, and 304 for a repeat', async () => {
    const plain = await (await ask(host, '/main.0123456789.js')).text();
    const br = await ask(host, '/main.0123456789.js', { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(br.headers.get('vary')).toBe('Accept-Encoding');
    expect(brotliDecompressSync(Buffer.from(await br.arrayBuffer())).toString()).toBe(plain);
    const gzip = await ask(host, '/main.0123456789.js', { 'accept-encoding': 'gzip;q=1, br;q=0' });
    expect(gzip.headers.get('content-encoding')).toBe('gzip');
    expect(gunzipSync(Buffer.from(await gzip.arrayBuffer())).toString()).toBe(plain);
    expect(gzip.headers.get('etag')).not.toBe(br.headers.get('etag'));
    const again = await ask(host, '/main.0123456789.js', { 'accept-encoding': 'gzip', 'if-none-match': gzip.headers.get('etag')! });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');
    // Too small to be worth it, or not text: as it is.
    expect((await ask(host, '/favicon.svg', { 'accept-encoding': 'br' })).headers.get('content-encoding')).toBeNull();
  });
});

describe('a file the build compressed itself', () => {
  it('is sent as its brotli form, never by its own name', async () => {
    const file = `${shop.hostDist}/main.0123456789.js`;
    const best = brotliCompressSync(readFileSync(file), { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } });
    writeFileSync(`${file}.br`, best);
    const br = await ask(host, '/main.0123456789.js', { 'accept-encoding': 'br' });
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(Buffer.from(await br.arrayBuffer()).equals(best)).toBe(true);
    expect((await ask(host, '/main.0123456789.js.br')).status).toBe(404);
  });

  it("is not sent when it is not the file's (the file patched after its build): the file as it is now, compressed by the server", async () => {
    const file = `${shop.hostDist}/main.0123456789.js`;
    writeFileSync(`${file}.br`, brotliCompressSync('stale'));
    const patched = `${readFileSync(file, 'utf8')}\n// patched by hand\n`;
    // Written in the same clock tick as its stale brotli form: the same file time.
    writeFileSync(file, patched);
    utimesSync(`${file}.br`, statSync(file).atime, statSync(file).mtime);
    const br = await ask(host, '/main.0123456789.js', { 'accept-encoding': 'br' });
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(brotliDecompressSync(Buffer.from(await br.arrayBuffer())).toString()).toBe(patched);
  });
});

describe('what is served follows the environment', () => {
  it('follows a publish at once, and a host build that did not render the pages gets none of them', async () => {
    writeGeneration(shop.env, '20261124T000000000Z-1-0002', { render: renderRecord({ hostBuild: 'another-host-build' }) });
    const page = await ask(host, '/about', { accept: HTML });
    expect(await page.text()).toBe(SHELL);
    writeGeneration(shop.env, '20261124T000000000Z-1-0003', { render: renderRecord({ hostBuild: HOST_BUILD }) });
    expect(await (await ask(host, '/about', { accept: HTML })).text()).toContain('/about 20261124T000000000Z-1-0003');
  });

  it('keeps serving files, and pages from the last good generation, when the current one is broken', async () => {
    const broken = writeGeneration(shop.env, '20261124T000000000Z-1-0002', {
      remotesJson: '{"cart": "https://new.example.com/cart/mf-manifest.json"}',
    });
    writeFileSync(`${broken}/render.json`, '{"hostBuild": "0.1');
    expect((await ask(host, '/main.0123456789.js')).status).toBe(200);
    expect(await (await ask(host, '/about', { accept: HTML })).text()).toContain(`/about ${GEN}`);
    // Its remotes.json and policy too: a page is never served beside another generation's remotes.
    expect(await (await ask(host, '/remotes.json')).text()).toContain('localhost:3001');
    expect((await ask(host, '/', { accept: HTML })).headers.get('content-security-policy')).not.toContain('new.example.com');
    expect(log).toHaveBeenCalledWith(expect.stringContaining('render.json is not JSON'));
  });
});

describe('a host answerer that counts no beacons (npm start)', () => {
  it('answers a page’s token request and its beacons with 204 and nothing, so the page logs no error', async () => {
    const files = buildFiles(shop.hostDist, { isHost: true, sourceMaps: false });
    const { answer } = composeAnswerer({ isHost: true, files });
    for (const path of ['/rum/page-load', '/rum?t=x']) {
      const answered = await ask(answer, path, { 'sec-fetch-site': 'same-origin' }, 'POST');
      expect([path, answered.status, answered.headers.get('cache-control'), await answered.text()]).toEqual([path, 204, 'no-store', '']);
    }
  });
});
