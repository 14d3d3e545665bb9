/**
 * Pages rendered on demand (what `npm start` serves), with a fake host renderer in a real worker
 * thread: the pages it lists, each rendered once and kept, and a renderer that hangs or fails
 * never taking the answers down with it.
 */
import path from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { readHostBuild, type HostBuildState } from '../builds/hostBuild.ts';
import { fakeHostRenderer, fixtureShop, PRODUCTS, REMOTES, type FixtureShop } from '../testing/fixtures.ts';
import { pagesOnDemand } from './pagesOnDemand.ts';
import { renderService } from '../render/renderService.ts';

let shop: FixtureShop;
let renderer: ReturnType<typeof fakeHostRenderer>;
let pages: ReturnType<typeof pagesOnDemand>;
let stamp = 'first';
const lines: string[] = [];

beforeEach(() => {
  shop = fixtureShop();
  renderer = fakeHostRenderer(shop);
  const hostBuild: HostBuildState = { build: readHostBuild(path.dirname(shop.hostDist)), key: 'build' };
  pages = pagesOnDemand({
    hostBuild: () => hostBuild,
    remotesJson: () => JSON.stringify(REMOTES),
    origin: 'http://localhost:3000',
    buildsStamp: () => stamp,
    log: (line) => lines.push(line),
  });
});
afterEach(async () => {
  jest.useRealTimers();
  await pages.close();
  shop.cleanup();
});

const text = async (body: Promise<{ bytes: Buffer } | undefined>) => (await body)?.bytes.toString('utf8');

describe('pages rendered on demand', () => {
  it('lists what a publish would, and renders each page in its language', async () => {
    const now = await pages.now();
    expect(now.render?.pages).toEqual(['/', '/products', ...PRODUCTS, '/about', '/contact']);
    expect(now.render?.redirects['/product/2']).toBe('/products/hoan-kiem-lake-handkerchief?variant=2');
    expect(await text(now.page('vi', '/products', ''))).toContain('<html lang="vi">');
    expect(await text(now.crawlerFile('sitemap.xml'))).toContain('<loc>http://localhost:3000/vi/products</loc>');
  });

  it('renders a page once, and again once a build changes', async () => {
    renderer.behave({ delayMs: 50 });
    const now = await pages.now();
    const first = await now.page('en', '/about', '');
    expect(await now.page('en', '/about', '')).toBe(first);
    stamp = 'second';
    expect(await (await pages.now()).page('en', '/about', '')).not.toBe(first);
  });

  it('answers nothing for a page the renderer cannot render, and carries on', async () => {
    renderer.behave({ failing: ['/about'] });
    const now = await pages.now();
    expect(await now.page('en', '/about', '')).toBeUndefined();
    expect(await text(now.page('en', '/contact', ''))).toContain('/contact');
    expect(lines.join('\n')).toContain('/about: not rendered (catalog/ProductDetailPage could not be loaded)');
  });

  it('serves every page rendered in the browser when the renderer cannot start', async () => {
    renderer.behave({ throwsOnStart: true });
    const now = await pages.now();
    expect(now.render).toBeUndefined();
    expect(lines.join('\n')).toContain('the renderer cannot start');
  });
});

describe('the render worker', () => {
  it('gives up on a render that hangs, and the next one starts a new worker', async () => {
    renderer.behave({ hanging: ['/about'] });
    // The deadlines are the test's (fake timers): a loaded machine's slow worker start cannot reach them.
    jest.useFakeTimers({ doNotFake: ['nextTick', 'setImmediate', 'queueMicrotask'] });
    const service = renderService(
      readHostBuild(path.dirname(shop.hostDist)),
      { remotesJson: JSON.stringify(REMOTES), origin: 'http://x' },
      { callMs: 300, log: (line) => lines.push(line) },
    );
    await expect(service.render('/contact', 'en')).resolves.toMatchObject({ html: expect.stringContaining('/contact') });
    const hung = service.render('/about', 'en');
    // Time (real) for a render that does not hang to answer, before the deadline passes.
    await delay(200);
    jest.advanceTimersByTime(300);
    await expect(hung).rejects.toThrow('no answer within 0.3 s');
    await expect(service.render('/contact', 'en')).resolves.toMatchObject({ html: expect.stringContaining('/contact') });
    await service.close();
  });
});
