/** Which requests are navigations and how each is answered, as tables: a request's address and query in, the answer out. */
import { servedRoutes } from '@maison/host/hosting';
import type { RenderRecord } from '@maison/host/contract';
import { cacheControl } from './cacheControl.ts';
import { isNavigation, navigationAnswer, readsAccept } from './navigation.ts';

describe('navigations', () => {
  it('are requests for a path that is no file name, or that accept HTML', () => {
    expect(isNavigation('text/html,application/xhtml+xml', '/')).toBe(true);
    // curl and link-preview bots: no Accept, or */*, for a path that is not a file name.
    expect(isNavigation('*/*', '/products/hoi-an-handkerchief')).toBe(true);
    expect(isNavigation(undefined, '/')).toBe(true);
    expect(isNavigation('text/html', '/missing.0123456789.js')).toBe(true);
    expect(isNavigation('*/*', '/missing.0123456789.js')).toBe(false);
    expect(isNavigation('*/*', '/products/v1.2')).toBe(false);
    expect(isNavigation('image/avif,image/webp,*/*', '/favicon.png')).toBe(false);
    // What a path that is no file name answers never depends on Accept: a cache keeps one copy.
    expect(isNavigation('application/json', '/remotes')).toBe(true);
    expect(readsAccept('/remotes')).toBe(false);
    expect(readsAccept('/products/v1.2')).toBe(true);
  });
});

describe('how a navigation is answered', () => {
  const render: RenderRecord = {
    hostBuild: 'h',
    origin: 'https://shop.example.com',
    renderedAt: '2026-11-23T00:00:00Z',
    languages: ['en', 'vi'],
    remotes: { catalog: 'https://cdn.example.com/catalog/1/mf-manifest.json' },
    listed: ['/', '/products', '/products/hoi-an-handkerchief', '/products/not-rendered', '/about', '/contact'],
    pages: ['/', '/products', '/products/hoi-an-handkerchief', '/about', '/contact'],
    notFoundPages: ['not-found', 'product-not-found'],
    redirects: { '/product/9': '/products/hoi-an-handkerchief?variant=9' },
    unlistedRemotes: [],
    kept: [],
    problems: [],
  };
  const answer = (path: string, { query = '', rendered = render }: { query?: string; rendered?: RenderRecord } = {}) =>
    navigationAnswer({ path, query, routes: servedRoutes(), render: rendered });

  it.each([
    ['/', 'en', '/'],
    ['/about/', 'en', '/about'],
    ['/products/hoi-an-handkerchief', 'en', '/products/hoi-an-handkerchief'],
    ['/vi/', 'vi', '/'],
    ['/vi/products', 'vi', '/products'],
    ['/vi/products/hoi-an-handkerchief', 'vi', '/products/hoi-an-handkerchief'],
  ])('sends %s as rendered, in the language of its address: %s %s', (address, language, path) =>
    expect(answer(address)).toEqual({ kind: 'page', status: 200, language, path, query: '' }),
  );

  it('sends a language’s bare prefix to its home page’s address', () => {
    expect(answer('/vi')).toEqual({ kind: 'redirect', status: 301, location: '/vi/' });
    expect(answer('/vi', { query: 'utm=1' })).toEqual({ kind: 'redirect', status: 301, location: '/vi/?utm=1' });
  });

  it('sends nothing in a language the generation was not rendered in', () => {
    expect(answer('/vi/about', { rendered: { ...render, languages: ['en'] } })).toEqual({ kind: 'shell', status: 200 });
  });

  it('sends a page with the view its query asks for', () => {
    expect(answer('/vi/products/', { query: 'sort=price-asc' })).toEqual({
      kind: 'page',
      status: 200,
      language: 'vi',
      path: '/products',
      query: 'sort=price-asc',
    });
    // The shop's rule (canonicalQuery): the list keeps its own parameters, no page keeps a tracking one.
    const canonical = (path: string, query: string) => navigationAnswer({ path, query, routes: servedRoutes(), render });
    expect(canonical('/products', 'utm_source=a&sort=name-asc')).toMatchObject({ kind: 'page', query: 'sort=name-asc' });
    expect(canonical('/about', 'utm_source=a')).toMatchObject({ kind: 'page', path: '/about', query: '' });
  });

  it('sends the shop’s page, rendered in the browser, for the shopper’s own pages and a page that could not be rendered', () => {
    expect(answer('/cart')).toEqual({ kind: 'shell', status: 200 });
    expect(answer('/vi/cart')).toEqual({ kind: 'shell', status: 200 });
    expect(answer('/checkout')).toEqual({ kind: 'shell', status: 200 });
    expect(answer('/profile', { query: 'tab=orders' })).toEqual({ kind: 'shell', status: 200 });
    expect(answer('/products/not-rendered')).toEqual({ kind: 'shell', status: 200 });
    expect(answer('/Products')).toEqual({ kind: 'shell', status: 200 });
  });

  it('redirects only within the shop, whatever a remote listed as the target', () => {
    const hostile = { ...render, redirects: { '/product/7': '//evil.example/', '/product/8': '/\\evil.example/x?a=1' } };
    expect(answer('/product/7', { rendered: hostile })).toEqual({ kind: 'redirect', status: 301, location: '/evil.example/' });
    expect(answer('/vi/product/8', { rendered: hostile })).toEqual({ kind: 'redirect', status: 301, location: '/vi/evil.example/x?a=1' });
  });

  it('redirects a legacy link for good, in its language, and says an unknown one is not found', () => {
    expect(answer('/product/9')).toEqual({ kind: 'redirect', status: 301, location: '/products/hoi-an-handkerchief?variant=9' });
    expect(answer('/vi/product/9')).toEqual({ kind: 'redirect', status: 301, location: '/vi/products/hoi-an-handkerchief?variant=9' });
    expect(answer('/vi/product/99')).toMatchObject({ kind: 'not-found', language: 'vi', page: 'product-not-found', shows: '99' });
    expect(answer('/product/99')).toEqual({
      kind: 'not-found',
      status: 404,
      language: 'en',
      page: 'product-not-found',
      shows: '99',
    });
  });

  it('never calls a path unknown when the list of its remote’s paths could not be read', () => {
    const withoutCatalog: RenderRecord = {
      ...render,
      listed: ['/about', '/contact'],
      pages: ['/about', '/contact'],
      unlistedRemotes: ['catalog'],
    };
    expect(answer('/products/hoi-an-handkerchief', { rendered: withoutCatalog })).toEqual({ kind: 'shell', status: 200 });
    expect(answer('/product/99', { rendered: withoutCatalog })).toEqual({ kind: 'shell', status: 200 });
    expect(answer('/nowhere', { rendered: withoutCatalog })).toMatchObject({ kind: 'not-found', status: 404 });
  });

  it('answers HTTP 404 with the not-found pages, showing the path or the decoded parameter', () => {
    // The path within its language, as the page itself shows it.
    expect(answer('/vi/nowhere/%3Cb%3E', { query: 'x=1' })).toEqual({
      kind: 'not-found',
      status: 404,
      language: 'vi',
      page: 'not-found',
      shows: '/nowhere/%3Cb%3E',
    });
    // A line of it at most, as the page itself shows it: a request of kilobytes is not echoed back.
    expect(answer(`/${'a'.repeat(3000)}`)).toMatchObject({ kind: 'not-found', shows: `/${'a'.repeat(119)}…` });
    expect(answer(`/products/${'x'.repeat(3000)}`)).toMatchObject({ kind: 'not-found', shows: `${'x'.repeat(120)}…` });
    expect(answer('/products/kh%C4%83n')).toEqual({
      kind: 'not-found',
      status: 404,
      language: 'en',
      page: 'product-not-found',
      shows: 'khăn',
    });
  });

  it('without rendered pages: the shop’s page, still 404 where the route table knows the path is unknown', () => {
    expect(navigationAnswer({ path: '/', query: '', routes: servedRoutes(), render: undefined })).toEqual({
      kind: 'shell',
      status: 200,
    });
    expect(navigationAnswer({ path: '/nowhere', query: '', routes: servedRoutes(), render: undefined })).toEqual({
      kind: 'shell',
      status: 404,
    });
    expect(navigationAnswer({ path: '/products/x', query: '', routes: servedRoutes(), render: undefined })).toEqual({
      kind: 'shell',
      status: 200,
    });
    expect(answer('/nowhere', { rendered: { ...render, notFoundPages: [] } })).toEqual({ kind: 'shell', status: 404 });
  });
});

describe('the cost of a request', () => {
  // Each rule reads the path front to back a few times: a path of 200,000 slashes, dots or
  // escapes is answered in a blink. One that cost its square would take minutes here.
  it.each([
    ['slashes', '/'.repeat(200_000)],
    ['slashes then a letter', `/products${'/'.repeat(200_000)}x`],
    ['dots', `/${'.'.repeat(200_000)}`],
    ['escapes', `/products/${'%2F'.repeat(60_000)}`],
    ['segments', '/a'.repeat(100_000)],
  ])('%s: linear', (_kind, path) => {
    const started = performance.now();
    isNavigation('*/*', path);
    cacheControl(path);
    navigationAnswer({ path: `/vi${path}`, query: '', routes: servedRoutes(), render: undefined });
    expect(performance.now() - started).toBeLessThan(1000);
  });
});
