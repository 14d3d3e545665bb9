/**
 * The renderer against a remote on this machine (node:http) whose manifest is real-looking and
 * then made hostile, beside a listener that counts connections and must never be contacted. The
 * federation runtime's own loading (scripts run in this process) is replaced by the modules below;
 * everything the renderer itself fetches and reads is real.
 */
import { createServer, type Server } from 'node:http';
import { createServer as createTcpServer, type AddressInfo, type Server as TcpServer } from 'node:net';
import { usePageHead } from '@maison/shared';
import { hostileManifests, remoteManifest, type RemoteManifest } from '@test/remoteManifest';
import { createPageRendererNow } from './pageRenderer';
import type { PageShell } from '../contract/hostBuild';

const modules: Record<string, unknown> = {};
jest.mock('@module-federation/enhanced/runtime', () => ({
  registerPlugins: jest.fn(),
  registerRemotes: jest.fn(),
  loadRemote: jest.fn((id: string) => Promise.resolve(modules[id])),
}));

function CartPage() {
  usePageHead({ title: 'Cart' });
  return <main>the cart</main>;
}
modules['cart/CartPage'] = { default: CartPage };

const CART_CSS = '__federation_expose_CartPage.73ac6e17b9.css';
const served: { manifest: RemoteManifest | { metaData: object } } = { manifest: remoteManifest() };
let remote: Server;
let elsewhere: TcpServer;
let origin = '';
let elsewhereOrigin = '';
let contacts = 0;
const realmFetch = globalThis.fetch;

beforeAll(async () => {
  remote = createServer((request, response) => {
    if (request.url === '/cart/mf-manifest.json') return void response.end(JSON.stringify(served.manifest));
    if (request.url === `/cart/${CART_CSS}`) return void response.end('.cart{color:red}');
    if (request.url === '/cart/endless.css') {
      // A stylesheet that never ends: only a read that stops at the limit finishes.
      const more = () => {
        while (!response.destroyed && response.write(`.big{color:red}${' '.repeat(64 * 1024)}`));
        if (!response.destroyed) response.once('drain', more);
      };
      return more();
    }
    if (request.url === '/cart/server/remoteEntry.js') return void response.end('// the server entry');
    response.writeHead(404).end();
  });
  elsewhere = createTcpServer((socket) => {
    contacts += 1;
    socket.destroy();
  });
  await new Promise<void>((resolve) => remote.listen(0, '127.0.0.1', resolve));
  await new Promise<void>((resolve) => elsewhere.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(remote.address() as AddressInfo).port}`;
  elsewhereOrigin = `http://127.0.0.1:${(elsewhere.address() as AddressInfo).port}`;
});
afterAll(() => {
  globalThis.fetch = realmFetch;
  remote.closeAllConnections();
  remote.close();
  elsewhere.close();
});
beforeEach(() => {
  contacts = 0;
  served.manifest = remoteManifest('cart', '0.3.0');
});

const shell: PageShell = {
  hostBuild: '0.1.0+test',
  version: '0.1.0+test',
  bootScript: 'start()',
  stylesheets: {},
  headTags: [{ tagName: 'script', attributes: { defer: true, src: '/main.0123456789.js' } }],
};
const cartRenderer = () =>
  createPageRendererNow({
    remotesJson: JSON.stringify({ cart: `${origin}/cart/mf-manifest.json` }),
    origin: 'https://shop.example.com',
    shell,
  });

describe('the renderer, with a remote’s manifest as another team’s data', () => {
  it('renders a page from a manifest as the builds write it, carrying its stylesheet', async () => {
    const page = await cartRenderer().render('/cart', 'en');
    expect(page.html).toContain('the cart');
    expect(page.html && page.inline.styles).toEqual(['.cart{color:red}']);
  });

  it.each(hostileManifests('http://elsewhere.invalid').map(({ field }) => field))(
    'renders nothing from a manifest whose %s leads off its build, and never contacts where it leads',
    async (field) => {
      const { change, says } = hostileManifests(elsewhereOrigin).find((hostile) => hostile.field === field)!;
      change(served.manifest as RemoteManifest);
      const renderer = cartRenderer();
      const page = await renderer.render('/cart', 'en');
      expect(contacts).toBe(0);
      expect(page).toEqual({ reason: 'cart/CartPage could not be loaded' });
      const lists = await renderer.publicPages();
      expect(lists.unavailable).toContain('cart');
      expect(lists.why?.cart).toContain(`${origin}/cart/mf-manifest.json was refused: ${field}: ${says}`);
    },
  );

  it('links a stylesheet larger than a stylesheet may be instead of carrying it, abandoning it as it streams', async () => {
    (served.manifest as RemoteManifest).exposes[0]!.assets.css.sync = ['endless.css'];
    const page = await cartRenderer().render('/cart', 'en');
    expect(page.html).toContain(`href="${origin}/cart/endless.css"`);
    expect(page.html && page.inline.styles).toEqual([]);
  });

  it('makes its realm’s fetch (the runtime’s, for server entries and chunks) fetch only the remotes’ files', async () => {
    cartRenderer();
    expect(await (await globalThis.fetch(`${origin}/cart/server/remoteEntry.js`)).text()).toBe('// the server entry');
    await expect(globalThis.fetch(`${elsewhereOrigin}/server/remoteEntry.js`)).rejects.toThrow(/is on no origin remotes.json lists/);
    expect(contacts).toBe(0);
  });
});

describe('a remote’s list of its pages', () => {
  it('keeps only paths and redirects on the shop’s own origin, saying what it left out', async () => {
    const catalog = remoteManifest('catalog', '0.3.0');
    catalog.metaData.serverModules = ['PublicPages'];
    served.manifest = catalog;
    modules['catalog/PublicPages'] = {
      default: {
        paths: ['/products/hoi-an-handkerchief', '//elsewhere.example/products'],
        redirects: {
          '/product/2': '/products/hoi-an-handkerchief?variant=2',
          '/product/3': '//elsewhere.example/',
          '/product/4': '/\\elsewhere.example',
        },
      },
    };
    const renderer = createPageRendererNow({
      remotesJson: JSON.stringify({ catalog: `${origin}/cart/mf-manifest.json` }),
      origin: 'https://shop.example.com',
      shell,
    });
    const lists = await renderer.publicPages();
    expect(lists.paths).toContain('/products/hoi-an-handkerchief');
    expect(lists.paths).not.toContain('//elsewhere.example/products');
    expect(lists.redirects).toEqual({ '/product/2': '/products/hoi-an-handkerchief?variant=2' });
    expect(lists.problems).toEqual([
      'catalog: listed page "//elsewhere.example/products" is not a path on the shop’s own origin (one "/", then no "/" or "\\"); left out',
      'catalog: redirect "/product/3" → "//elsewhere.example/": its target is not a path on the shop’s own origin (one "/", then no "/" or "\\"); left out',
      'catalog: redirect "/product/4" → "/\\\\elsewhere.example": its target is not a path on the shop’s own origin (one "/", then no "/" or "\\"); left out',
    ]);
  });
});
