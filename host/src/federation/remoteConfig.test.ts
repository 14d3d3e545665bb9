import { fetchRemoteConfig, parseRemoteConfig, remoteOrigins, toManifestUrl, type RemoteConfigRules } from './remoteConfig';

const base = 'https://shop.example.com/products';
const production: RemoteConfigRules = { names: ['catalog', 'cart', 'account'], defaults: {}, base };
const development: RemoteConfigRules = {
  ...production,
  defaults: {
    catalog: 'http://localhost:3001/mf-manifest.json',
    cart: 'http://localhost:3002/mf-manifest.json',
    account: 'http://localhost:3003/mf-manifest.json',
  },
};

describe('toManifestUrl', () => {
  it('accepts absolute and root-relative http(s) manifest URLs', () => {
    expect(toManifestUrl('https://cdn.example.com/cart/1.4.2/mf-manifest.json', base)).toEqual({
      url: 'https://cdn.example.com/cart/1.4.2/mf-manifest.json',
    });
    expect(toManifestUrl('/cart/mf-manifest.json', base)).toEqual({ url: 'https://shop.example.com/cart/mf-manifest.json' });
  });

  it.each([
    [42, 'is not a URL'],
    ['', 'is not a URL'],
    ['javascript:alert(1)', 'is not an http(s) URL'],
    ['ftp://cdn.example.com/mf-manifest.json', 'is not an http(s) URL'],
    ['https://cdn.example.com/cart/remoteEntry.js', 'is not a federation manifest (…/mf-manifest.json)'],
  ])('refuses %p: %s', (value, problem) => {
    expect(toManifestUrl(value, base)).toEqual({ problem });
  });
});

describe('parseRemoteConfig', () => {
  it('reads one URL or a list of fallbacks per remote', () => {
    const config = parseRemoteConfig(
      {
        catalog: 'https://cdn.example.com/catalog/mf-manifest.json',
        cart: ['https://cdn.example.com/cart/1.4.2/mf-manifest.json', 'https://cdn.example.com/cart/1.4.1/mf-manifest.json'],
        account: '/account/mf-manifest.json',
      },
      production,
    );
    expect(config.problems).toEqual([]);
    expect(config.locations).toEqual({
      catalog: ['https://cdn.example.com/catalog/mf-manifest.json'],
      cart: ['https://cdn.example.com/cart/1.4.2/mf-manifest.json', 'https://cdn.example.com/cart/1.4.1/mf-manifest.json'],
      account: ['https://shop.example.com/account/mf-manifest.json'],
    });
  });

  it('in production, names every missing, bad or unknown entry and uses no default', () => {
    const config = parseRemoteConfig(
      {
        catlog: 'https://cdn.example.com/catalog/mf-manifest.json',
        cart: ['ftp://x/mf-manifest.json', 'https://cdn.example.com/cart/mf-manifest.json'],
        account: 'not a url',
      },
      production,
    );
    expect(config.locations).toEqual({ cart: ['https://cdn.example.com/cart/mf-manifest.json'] });
    expect(config.problems).toEqual([
      '/remotes.json: unknown remote "catlog" (known: catalog, cart, account)',
      '/remotes.json: "catalog" has no usable manifest URL; its pages show "temporarily unavailable"',
      '/remotes.json: "cart" entry "ftp://x/mf-manifest.json" is not an http(s) URL',
      '/remotes.json: "account" entry "not a url" is not a federation manifest (…/mf-manifest.json)',
      '/remotes.json: "account" has no usable manifest URL; its pages show "temporarily unavailable"',
    ]);
  });

  it('in development, the local dev servers stand in for missing entries', () => {
    const config = parseRemoteConfig({ cart: 'https://cdn.example.com/cart/mf-manifest.json' }, development);
    expect(config.problems).toEqual([]);
    expect(config.locations).toEqual({
      catalog: ['http://localhost:3001/mf-manifest.json'],
      cart: ['https://cdn.example.com/cart/mf-manifest.json'],
      account: ['http://localhost:3003/mf-manifest.json'],
    });
  });

  it.each([null, 'text', []])('reports a config that is not an object (%p)', (raw) => {
    expect(parseRemoteConfig(raw, production).problems[0]).toMatch(/must be a JSON object/);
  });
});

describe('fetchRemoteConfig', () => {
  let errors: jest.SpyInstance;
  beforeEach(() => {
    errors = jest.spyOn(console, 'error').mockImplementation(() => undefined);
  });
  afterEach(() => errors.mockRestore());

  const respond = (status: number, body: unknown) =>
    (() => Promise.resolve({ ok: status < 400, status, json: () => Promise.resolve(body) })) as unknown as typeof fetch;

  it('reports each problem in the console with the remote and the value', async () => {
    const config = await fetchRemoteConfig(production, respond(200, { cart: 'javascript:alert(1)' }));
    expect(config.locations).toEqual({});
    expect(errors).toHaveBeenCalledWith('[federation] /remotes.json: "cart" entry "javascript:alert(1)" is not an http(s) URL');
  });

  it('without remotes.json, production loads no remote and says so; development uses the dev servers', async () => {
    const missing = respond(404, null);
    await expect(fetchRemoteConfig(production, missing)).resolves.toEqual({
      locations: {},
      problems: ['/remotes.json could not be loaded (Error: HTTP 404); no remote can be loaded'],
    });
    const offline = (() => Promise.reject(new Error('offline'))) as unknown as typeof fetch;
    const config = await fetchRemoteConfig(development, offline);
    expect(Object.keys(config.locations)).toEqual(['catalog', 'cart', 'account']);
    expect(errors).toHaveBeenCalledTimes(2);
  });
});

describe('remoteOrigins', () => {
  it('lists each origin remote code may come from once, fallbacks included', () => {
    expect(
      remoteOrigins({
        catalog: ['https://cdn.example.com/catalog/mf-manifest.json'],
        cart: ['https://cdn.example.com/cart/1.4.2/mf-manifest.json', 'https://old-cdn.example.com/cart/1.4.1/mf-manifest.json'],
      }),
    ).toEqual(['https://cdn.example.com', 'https://old-cdn.example.com']);
  });
});
