import { REMOTE_NAMES } from '@test/apps';
import {
  entriesOf,
  entryUrlOf,
  fetchRemotesJson,
  firstChoices,
  manifestUrlOf,
  parseRemotesJson,
  remoteOrigins,
  remotesJsonSchema,
  type RemotesJsonRules,
} from './remotesJson';
import { readJson } from './readJson';

const base = 'https://shop.example.com/products';
const production: RemotesJsonRules = { names: REMOTE_NAMES, defaults: {}, base };
const development: RemotesJsonRules = {
  ...production,
  defaults: {
    catalog: 'http://localhost:3001/mf-manifest.json',
    cart: 'http://localhost:3002/mf-manifest.json',
    account: 'http://localhost:3003/mf-manifest.json',
  },
};

describe('manifestUrlOf', () => {
  it('accepts absolute and root-relative http(s) manifest URLs', () => {
    expect(manifestUrlOf('https://cdn.example.com/cart/1.4.2/mf-manifest.json', base)).toEqual({
      url: 'https://cdn.example.com/cart/1.4.2/mf-manifest.json',
    });
    expect(manifestUrlOf('/cart/mf-manifest.json', base)).toEqual({ url: 'https://shop.example.com/cart/mf-manifest.json' });
  });

  it.each([
    [42, 'is not a URL'],
    ['', 'is not a URL'],
    ['javascript:alert(1)', 'is not an http(s) URL'],
    ['ftp://cdn.example.com/mf-manifest.json', 'is not an http(s) URL'],
    ['https://cdn.example.com/cart/remoteEntry.js', 'is not a federation manifest (…/mf-manifest.json)'],
    // The servers preload the entry beside the manifest: another file name would break that rule.
    ['https://cdn.example.com/cart/manifest.json', 'is not a federation manifest (…/mf-manifest.json)'],
    ['https://cdn.example.com/cart/not-mf-manifest.json', 'is not a federation manifest (…/mf-manifest.json)'],
  ])('refuses %p: %s', (value, problem) => {
    expect(manifestUrlOf(value, base)).toEqual({ problem });
  });

  // Every entry's origin goes into the servers' Content-Security-Policy: one that is not a plain
  // host would open the policy (a wildcard) or end a directive early (a `;`).
  it.each([
    ['https://*/mf-manifest.json', '*'],
    ['https://*.example.com/mf-manifest.json', '*.example.com'],
    ['https://cdn.example.com;script-src/mf-manifest.json', 'cdn.example.com;script-src'],
    ["https://cdn'self'/mf-manifest.json", "cdn'self'"],
    ['https://cdn"x/mf-manifest.json', 'cdn"x'],
    ['https://a,b/mf-manifest.json', 'a,b'],
    ['https://a..b/mf-manifest.json', 'a..b'],
    ['https://-cdn.example.com/mf-manifest.json', '-cdn.example.com'],
    ['https://cdn.example.com./mf-manifest.json', 'cdn.example.com.'],
  ])('refuses %p: its host %p cannot be named in the policy', (value, host) => {
    expect(manifestUrlOf(value, base)).toEqual({
      problem: `has a host the policy cannot name ("${host}"): only letters, digits, hyphens and dots`,
    });
  });

  it.each([
    ['https://user:secret@cdn.example.com/mf-manifest.json', 'has credentials in it'],
    ['https://cdn.example.com:0/mf-manifest.json', 'has port 0'],
  ])('refuses %p: %s', (value, problem) => expect(manifestUrlOf(value, base)).toEqual({ problem }));

  // Remote code and its manifest travel over https; http only on this machine (development, the tests).
  it.each([
    'http://cdn.example.com/cart/mf-manifest.json',
    'http://10.0.0.7:8080/cart/mf-manifest.json',
    'http://localhost.example.com/mf-manifest.json',
    'http://127.0.0.1.nip.io/mf-manifest.json',
    'http://[::ffff:127.0.0.1]/mf-manifest.json',
    'http://[::2]/mf-manifest.json',
  ])('refuses %p: http away from this machine', (value) => {
    expect(manifestUrlOf(value, base)).toEqual({ problem: 'is not https (http only for localhost, 127.0.0.0/8 and [::1])' });
  });

  it.each([
    ['http://localhost:3002/mf-manifest.json', 'http://localhost:3002/mf-manifest.json'],
    ['http://LOCALHOST:3002/mf-manifest.json', 'http://localhost:3002/mf-manifest.json'],
    ['http://127.0.0.1:8080/cart/mf-manifest.json', 'http://127.0.0.1:8080/cart/mf-manifest.json'],
    ['http://127.4.5.6/mf-manifest.json', 'http://127.4.5.6/mf-manifest.json'],
    ['http://[::1]:3000/mf-manifest.json', 'http://[::1]:3000/mf-manifest.json'],
  ])('accepts %p: http on this machine', (value, url) => expect(manifestUrlOf(value, base)).toEqual({ url }));

  it('refuses a root-relative entry on a shop served over http away from this machine', () => {
    expect(manifestUrlOf('/cart/mf-manifest.json', 'http://shop.example.com/')).toEqual({
      problem: 'is not https (http only for localhost, 127.0.0.0/8 and [::1])',
    });
  });

  it.each([
    'http://localhost:3002/mf-manifest.json',
    'https://10.0.0.7:8443/cart/mf-manifest.json',
    'https://[::1]:8080/mf-manifest.json',
    'https://xn--bcher-kva.example/mf-manifest.json',
    'https://cdn-2.eu.example.com/cart/1.4.2/mf-manifest.json',
  ])('accepts %p: a plain host', (value) => expect(manifestUrlOf(value, base)).toEqual({ url: value }));
});

describe('parseRemotesJson', () => {
  it('reads one URL or a list of fallbacks per remote', () => {
    const config = parseRemotesJson(
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
    const config = parseRemotesJson(
      {
        catlog: 'https://cdn.example.com/catalog/mf-manifest.json',
        cart: ['ftp://x/mf-manifest.json', 'https://cdn.example.com/cart/mf-manifest.json'],
        account: ['not a url', 'http://cdn.example.com/account/mf-manifest.json'],
      },
      production,
    );
    expect(config.locations).toEqual({ cart: ['https://cdn.example.com/cart/mf-manifest.json'] });
    expect(config.problems).toEqual([
      '/remotes.json: unknown remote "catlog" (known: catalog, cart, account)',
      '/remotes.json: "catalog" has no usable manifest URL; its pages show "temporarily unavailable"',
      '/remotes.json: "cart" entry "ftp://x/mf-manifest.json" is not an http(s) URL',
      '/remotes.json: "account" entry "not a url" is not a federation manifest (…/mf-manifest.json)',
      '/remotes.json: "account" entry "http://cdn.example.com/account/mf-manifest.json" is not https (http only for localhost, 127.0.0.0/8 and [::1])',
      '/remotes.json: "account" has no usable manifest URL; its pages show "temporarily unavailable"',
    ]);
  });

  it('in development, the local dev servers stand in for missing entries', () => {
    const config = parseRemotesJson({ cart: 'https://cdn.example.com/cart/mf-manifest.json' }, development);
    expect(config.problems).toEqual([]);
    expect(config.locations).toEqual({
      catalog: ['http://localhost:3001/mf-manifest.json'],
      cart: ['https://cdn.example.com/cart/mf-manifest.json'],
      account: ['http://localhost:3003/mf-manifest.json'],
    });
  });

  // Retired: pages report to the shop's own origin (beacon.ts). Named as such, not as an unknown remote.
  it('refuses the retired report URL with a problem that says so, and reads the rest of the file', () => {
    const retired = `/remotes.json: "reportUrl" is retired: pages report to the shop's own origin now; delete the key`;
    const config = parseRemotesJson({ cart: '/cart/mf-manifest.json', reportUrl: 'https://rum.example.com/maison' }, development);
    expect(config).toEqual({
      locations: {
        catalog: ['http://localhost:3001/mf-manifest.json'],
        cart: ['https://shop.example.com/cart/mf-manifest.json'],
        account: ['http://localhost:3003/mf-manifest.json'],
      },
      problems: [retired],
    });
    // Once, whatever its value.
    expect(parseRemotesJson({ reportUrl: 'javascript:alert(1)' }, development).problems).toEqual([retired]);
  });

  it('keeps a remote with no list, and every other remote, when an entry is refused', () => {
    const config = parseRemotesJson({ cart: [42, '/cart/mf-manifest.json'], account: [] }, development);
    expect(config.problems).toEqual(['/remotes.json: "cart" entry 42 is not a URL']);
    expect(config.locations.cart).toEqual(['https://shop.example.com/cart/mf-manifest.json']);
    expect(config.locations.account).toEqual(['http://localhost:3003/mf-manifest.json']);
  });

  it.each([null, 'text', []])('reports a config that is not an object (%p)', (raw) => {
    expect(parseRemotesJson(raw, production).problems[0]).toMatch(/must be a JSON object/);
  });
});

describe('remotesJsonSchema', () => {
  const read = (text: string) => readJson('env/remotes.json', text, remotesJsonSchema(production));

  it('is the file as the page reads it: absolute URLs, a list per remote', () => {
    expect(read('{"cart": "/cart/mf-manifest.json"}')).toEqual({ cart: ['https://shop.example.com/cart/mf-manifest.json'] });
  });

  it.each([
    ['{"cart": ["/cart/mf-manifest.json", "ftp://x/mf-manifest.json"]}', 'env/remotes.json: cart[1] is not an http(s) URL'],
    ['{"catlog": "/catalog/mf-manifest.json"}', 'env/remotes.json: catlog unknown remote "catlog" (known: catalog, cart, account)'],
    ['[]', 'env/remotes.json: must be a JSON object of remote names'],
  ])('names the file and the field of %s', (text, error) => expect(() => read(text)).toThrow(error));
});

describe('fetchRemotesJson', () => {
  let errors: jest.SpyInstance;
  let warnings: jest.SpyInstance;
  beforeEach(() => {
    errors = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    warnings = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
  });
  afterEach(() => {
    errors.mockRestore();
    warnings.mockRestore();
  });

  const respond = (status: number, body: unknown) =>
    (() => Promise.resolve({ ok: status < 400, status, json: () => Promise.resolve(body) })) as unknown as typeof fetch;

  it('reports each problem in the console with the remote and the value', async () => {
    const config = await fetchRemotesJson(production, respond(200, { cart: 'javascript:alert(1)' }));
    expect(config.locations).toEqual({});
    expect(errors).toHaveBeenCalledWith('[federation] /remotes.json: "cart" entry "javascript:alert(1)" is not an http(s) URL');
  });

  it('says in the console that a report URL is retired, and loads the remotes as without it', async () => {
    const config = await fetchRemotesJson(development, respond(200, { reportUrl: 'https://rum.example.com/maison' }));
    expect(Object.keys(config.locations)).toEqual(REMOTE_NAMES);
    expect(errors.mock.calls).toEqual([
      [`[federation] /remotes.json: "reportUrl" is retired: pages report to the shop's own origin now; delete the key`],
    ]);
    expect(warnings).not.toHaveBeenCalled();
  });

  it('without remotes.json, production loads no remote and says so; development uses the dev servers', async () => {
    const missing = respond(404, null);
    await expect(fetchRemotesJson(production, missing)).resolves.toEqual({
      locations: {},
      problems: ['/remotes.json could not be loaded (Error: HTTP 404); no remote can be loaded'],
    });
    const offline = (() => Promise.reject(new Error('offline'))) as unknown as typeof fetch;
    const config = await fetchRemotesJson(development, offline);
    expect(Object.keys(config.locations)).toEqual(REMOTE_NAMES);
    expect(errors).toHaveBeenCalledTimes(2);
  });
});

describe('what the page and the servers derive from it', () => {
  const locations = {
    catalog: ['https://cdn.example.com/catalog/mf-manifest.json'],
    cart: ['https://old-cdn.example.com/cart/1.4.2/mf-manifest.json', 'https://cdn.example.com/cart/1.4.1/mf-manifest.json'],
    account: ['https://shop.example.com/account/mf-manifest.json'],
  };

  it('lists each origin remote code may come from once, fallbacks included, sorted, without the page’s own', () => {
    expect(remoteOrigins(locations)).toEqual(['https://cdn.example.com', 'https://old-cdn.example.com', 'https://shop.example.com']);
    expect(remoteOrigins(locations, 'https://shop.example.com')).toEqual(['https://cdn.example.com', 'https://old-cdn.example.com']);
  });

  it('names each remote’s first choice, and the entry beside a manifest', () => {
    expect(firstChoices(locations)).toEqual({
      catalog: 'https://cdn.example.com/catalog/mf-manifest.json',
      cart: 'https://old-cdn.example.com/cart/1.4.2/mf-manifest.json',
      account: 'https://shop.example.com/account/mf-manifest.json',
    });
    expect(entryUrlOf('https://cdn.example.com/cart/1.4.2/mf-manifest.json')).toBe('https://cdn.example.com/cart/1.4.2/remoteEntry.js');
  });

  it('reads one entry or a list of them', () => {
    expect(entriesOf('a')).toEqual(['a']);
    expect(entriesOf(['a', 'b'])).toEqual(['a', 'b']);
    expect(entriesOf(undefined)).toEqual([]);
  });
});
