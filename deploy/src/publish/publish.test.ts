/**
 * Publishing as a transaction, against a small shop on disk and a fake renderer (testing/fixtures.ts):
 * what lands, what is kept, and that a failure anywhere before the switch changes nothing.
 */
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { inlineSource } from '../render/renderRecord.ts';
import { checkGeneration, currentId, generationDir, generationIds, isGood } from '../environment/generation.ts';
import { ENVIRONMENT_FILE } from '../environment/layout.ts';
import { readPublishes } from '../environment/publishJournal.ts';
import { fakeHostRenderer, fixtureShop, REMOTES, type FixtureShop } from '../testing/fixtures.ts';
import { publish, siteOriginOf, type PublishOptions } from './publish.ts';

let shop: FixtureShop;
let renderer: ReturnType<typeof fakeHostRenderer>;
const lines: string[] = [];
const log = (line: string) => lines.push(line);

beforeEach(() => {
  shop = fixtureShop();
  renderer = fakeHostRenderer(shop);
  lines.length = 0;
});
afterEach(() => shop.cleanup());

/** The fixture's remotes are on no network: their manifests cannot be read (the fake renderer reads none). */
const offline = () => Promise.reject(new Error('offline'));
const run = (options: Partial<PublishOptions> = {}) =>
  publish({ env: shop.env, hostDir: renderer.hostDir, doing: 'a test', log, network: offline, ...options });
const setCatalog = (url: string) => (remotes: Record<string, unknown>) => ({ ...remotes, catalog: url });
const environmentRemotes = () => JSON.parse(readFileSync(path.join(shop.env, ENVIRONMENT_FILE.remotes), 'utf8')) as Record<string, unknown>;
const servedPage = (file: string) => readFileSync(path.join(shop.env, 'current', 'pages', file), 'utf8');

describe('a publish', () => {
  it('says whether every page was rendered, shows its progress, and keeps a journal the servers count', async () => {
    renderer.behave({ failing: ['/about'] });
    const degraded = await run();
    expect(degraded.outcome).toBe('degraded');
    expect(degraded.generation.render.pages).not.toContain('/about');
    renderer.behave({ failing: [] });
    const whole = await run();
    expect(whole.outcome).toBe('published');
    expect(lines).toContain('[publish] rendering pages: 1 of 16');
    expect(lines).toContain('[publish] rendering pages: 16 of 16');
    writeFileSync(path.join(shop.env, ENVIRONMENT_FILE.remotes), '{ not json');
    await expect(run()).rejects.toThrow();
    expect(readPublishes(shop.env).map(({ outcome, generation, doing }) => [outcome, generation !== undefined, doing])).toEqual([
      ['degraded', true, 'a test'],
      ['published', true, 'a test'],
      ['failed', false, 'a test'],
    ]);
  });

  it('writes a whole generation, checks it, and only then serves it, remotes.json with it', async () => {
    const { generation } = await run({ change: setCatalog('https://cdn.example.com/catalog/2/mf-manifest.json') });
    expect(currentId(shop.env)).toBe(generation.id);
    expect(isGood(checkGeneration(generationDir(shop.env, generation.id)))).toBe(true);
    expect(environmentRemotes().catalog).toBe('https://cdn.example.com/catalog/2/mf-manifest.json');
    expect(servedPage('vi/products/hoi-an-handkerchief.html')).toContain('from https://cdn.example.com/catalog/2/mf-manifest.json');
    expect(generation.render.pages).toContain('/products/hoi-an-handkerchief');
    // What the pages carry inline, by hash: the page policy allows exactly this.
    expect(generation.render.inline).toEqual({
      scripts: [inlineSource('start()')],
      styles: expect.arrayContaining([
        inlineSource('[data-page="/products"]{color:red}'),
        inlineSource('[data-page="not-found"]{color:red}'),
      ]),
    });
    expect(readFileSync(path.join(shop.env, 'current', 'sitemap.xml'), 'utf8')).toContain('<loc>https://shop.example.com/products</loc>');
    expect(readFileSync(path.join(shop.env, 'current', 'robots.txt'), 'utf8')).toContain('Disallow: /cart');
    expect(readdirSync(path.join(shop.env, 'generations')).filter((name) => name.startsWith('.'))).toEqual([]);
  });

  it('run twice at once, for different remotes, lands both: the second waits, then starts from the first', async () => {
    await run();
    renderer.behave({ delayMs: 10 });
    const [first, second] = await Promise.all([
      run({ change: setCatalog('https://cdn.example.com/catalog/2/mf-manifest.json'), doing: 'set catalog' }),
      run({ change: (remotes) => ({ ...remotes, account: 'https://cdn.example.com/account/7/mf-manifest.json' }), doing: 'set account' }),
    ]);
    expect(lines.some((line) => /waiting for "set (catalog|account)"/.test(line))).toBe(true);
    const last = [first, second].sort((a, b) => (a.generation.id < b.generation.id ? -1 : 1))[1]!.generation;
    expect(currentId(shop.env)).toBe(last.id);
    for (const remotesJson of [last.remotesJson, readFileSync(path.join(shop.env, ENVIRONMENT_FILE.remotes), 'utf8')]) {
      expect(JSON.parse(remotesJson)).toMatchObject({
        catalog: 'https://cdn.example.com/catalog/2/mf-manifest.json',
        account: 'https://cdn.example.com/account/7/mf-manifest.json',
      });
    }
  });

  it('keeps a page that could not be rendered from the last generation, when that came from the same builds', async () => {
    await run();
    renderer.behave({ failing: ['/products/hoi-an-handkerchief'] });
    const { generation } = await run();
    expect(generation.render.kept).toEqual(['/products/hoi-an-handkerchief']);
    expect(generation.render.pages).toContain('/products/hoi-an-handkerchief');
    // The kept page's inline style is still allowed: the last generation's record had it.
    expect(generation.render.inline?.styles).toContain(inlineSource('[data-page="/products/hoi-an-handkerchief"]{color:red}'));
    expect(servedPage('en/products/hoi-an-handkerchief.html')).toContain(`from ${REMOTES.catalog}`);
    expect(lines.join('\n')).toContain(
      'en /products/hoi-an-handkerchief: not rendered (catalog/ProductDetailPage could not be loaded); its last version, from the same builds, is kept',
    );
  });

  it('never keeps a page from other builds: with a new catalogue, a page that fails is rendered in the browser', async () => {
    await run();
    renderer.behave({ failing: ['/products/hoi-an-handkerchief'] });
    const { generation } = await run({ change: setCatalog('https://cdn.example.com/catalog/2/mf-manifest.json') });
    expect(generation.render.kept).toEqual([]);
    expect(generation.render.pages).not.toContain('/products/hoi-an-handkerchief');
    expect(generation.render.listed).toContain('/products/hoi-an-handkerchief');
    expect(existsSync(path.join(shop.env, 'current', 'pages', 'en', 'products', 'hoi-an-handkerchief.html'))).toBe(false);
  });

  it('keeps the last list of pages of a remote whose list cannot be loaded, when it is the same build', async () => {
    await run();
    renderer.behave({ listFails: true });
    const { generation } = await run();
    expect(generation.render.listed).toContain('/products/dragon-bridge-handkerchief');
    expect(generation.render.redirects['/product/2']).toBeDefined();
    expect(generation.render.unlistedRemotes).toEqual([]);
  });

  it('says why a remote’s list of pages could not be loaded, in one line', async () => {
    const why = 'catalog: http://127.0.0.1:3001/mf-manifest.json was refused: metaData.publicPath: must be "auto"';
    renderer.behave({ listFails: why });
    const { generation } = await run();
    expect(generation.render.problems).toContain(
      `catalog: its list of pages could not be loaded (${why}); its pages are rendered in the browser`,
    );
  });

  it('writes a listed path no page file can hold, or one off the shop, as a problem, and renders the rest', async () => {
    renderer.behave({ listed: { paths: ['/products/Hoi-An', '//elsewhere.example/products', 42] } });
    const { generation } = await run();
    expect(generation.render.pages).toContain('/products/hoi-an-handkerchief');
    expect(generation.render.listed).toContain('/products/Hoi-An');
    expect(generation.render.listed).not.toContain('//elsewhere.example/products');
    expect(generation.render.problems.filter((problem) => !problem.includes('could not be read'))).toEqual([
      '"/products/Hoi-An": listed, but no page file can hold it; rendered in the browser',
      '"//elsewhere.example/products": listed, but it is not a path on the shop’s own origin (one "/", then no "/" or "\\"); left out',
      '42: listed, but it is not text; left out',
    ]);
  });

  it('leaves out a redirect whose target is not a path on the shop’s own origin', async () => {
    renderer.behave({
      listed: {
        redirects: {
          '/product/3': '//elsewhere.example/',
          '/product/4': '/\\elsewhere.example',
          '/product/5': 'https://elsewhere.example/',
        },
      },
    });
    const { generation } = await run();
    expect(generation.render.redirects).toEqual({ '/product/2': '/products/hoan-kiem-lake-handkerchief?variant=2' });
    expect(generation.render.problems.filter((problem) => !problem.includes('could not be read'))).toEqual([
      'redirect "/product/3" → "//elsewhere.example/": its target is not a path on the shop’s own origin (one "/", then no "/" or "\\"); left out',
      'redirect "/product/4" → "/\\\\elsewhere.example": its target is not a path on the shop’s own origin (one "/", then no "/" or "\\"); left out',
      'redirect "/product/5" → "https://elsewhere.example/": its target is not a path on the shop’s own origin (one "/", then no "/" or "\\"); left out',
    ]);
  });

  it('ends within its deadline when a remote never answers, keeping what it can', async () => {
    await run();
    renderer.behave({ hanging: ['/products'] });
    const started = Date.now();
    // Deadlines that a loaded machine's other pages (and the renderer's start) stay well within.
    const { generation } = await run({ limits: { fileMs: 1500, totalMs: 2000 } });
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(generation.render.kept).toContain('/products');
    expect(lines.join('\n')).toMatch(/\/products: not rendered \(the publish's time for remote files ran out\)/);
  }, 20_000);

  it('publishes with every route rendered in the browser when the renderer cannot start', async () => {
    renderer.behave({ throwsOnStart: true });
    const { generation } = await run();
    expect(generation.render.pages).toEqual([]);
    expect(generation.render.problems[0]).toMatch(/the pages could not be rendered \(the renderer cannot start\)/);
  });
});

describe('a publish that fails changes nothing', () => {
  it('when the new generation does not pass its check (a page cut short)', async () => {
    const { generation: before } = await run();
    renderer.behave({ cutShort: ['/about'] });
    await expect(run({ change: setCatalog('https://cdn.example.com/catalog/2/mf-manifest.json') })).rejects.toThrow(
      /the new generation failed its check \(pages\/en\/about.html is cut short .*\); nothing was changed/,
    );
    expect(currentId(shop.env)).toBe(before.id);
    expect(environmentRemotes().catalog).toBe(REMOTES.catalog);
    expect(generationIds(shop.env)).toEqual([before.id]);
    expect(readdirSync(path.join(shop.env, 'generations'))).toEqual([before.id]);
  });

  it.each([
    ['no origin', () => writeFileSync(path.join(shop.env, ENVIRONMENT_FILE.site), '{}'), /"origin" undefined is not text/],
    [
      'an origin with a path',
      () => writeFileSync(path.join(shop.env, ENVIRONMENT_FILE.site), '{"origin":"https://shop.example.com/en"}'),
      /is more than an origin/,
    ],
    [
      'a wildcard origin',
      () => writeFileSync(path.join(shop.env, ENVIRONMENT_FILE.site), '{"origin":"https://*.example.com"}'),
      /cannot name/,
    ],
    [
      'remotes.json that is not JSON',
      () => writeFileSync(path.join(shop.env, ENVIRONMENT_FILE.remotes), '{"catalog":'),
      /remotes.json is not JSON/,
    ],
  ])('when the environment has %s', async (_case, breakIt, message) => {
    breakIt();
    await expect(run()).rejects.toThrow(message);
    expect(currentId(shop.env)).toBeUndefined();
  });

  it('takes --origin once, checked, and keeps it', async () => {
    await expect(run({ origin: 'https://shop.example.com;x' })).rejects.toThrow(/--origin "https:\/\/shop.example.com;x"/);
    await run({ origin: 'https://www.maison-khan.vn' });
    expect(JSON.parse(readFileSync(path.join(shop.env, ENVIRONMENT_FILE.site), 'utf8'))).toEqual({ origin: 'https://www.maison-khan.vn' });
  });
});

describe("the shop's public origin", () => {
  it.each([
    ['https://shop.example.com', { origin: 'https://shop.example.com' }],
    ['https://shop.example.com/', { origin: 'https://shop.example.com' }],
    ['http://localhost:3000', { origin: 'http://localhost:3000' }],
    ['https://shop.example.com/en', { problem: 'is more than an origin (no path, query or fragment)' }],
    ['https://shop.example.com/?a=1', { problem: 'is more than an origin (no path, query or fragment)' }],
    ['ftp://shop.example.com', { problem: 'is not an http(s) URL' }],
    ['shop.example.com', { problem: 'is not a URL' }],
    ['https://*.example.com', { problem: 'has a host the policy cannot name ("*.example.com"): only letters, digits, hyphens and dots' }],
    [42, { problem: 'is not text' }],
  ])('%p: %p', (value, expected) => expect(siteOriginOf(value)).toEqual(expected));
});
