import { createFederationCore, type FederationRuntime } from './loader';
import { LoadFailure } from '../loading/loadFailure';
import type { RemoteLocations } from '../../contract/remotesJson';

// The page's runtime is never asked: each test hands the core its own.
jest.mock('@module-federation/enhanced/runtime', () => ({ registerPlugins: jest.fn() }));

const CART_1 = 'https://cdn.example.com/cart/1.4.2/mf-manifest.json';
const CART_2 = 'https://cdn.example.com/cart/1.4.1/mf-manifest.json';
const cartPage = { default: function CartPage() {} };
const checkoutPage = { default: function CheckoutPage() {} };
const chunkGone = () => Promise.reject(Object.assign(new Error('Loading chunk 7 failed'), { name: 'ChunkLoadError' }));
/** A manifest (its entry beside it) of build `buildVersion`. */
const manifestOf = (buildVersion: string) => ({
  metaData: { name: 'cart', buildInfo: { buildVersion }, remoteEntry: { name: 'remoteEntry.js', path: '' } },
  exposes: [],
  shared: [],
});

/** A federation runtime where each registered entry answers as the test says. */
function fakeRuntime(answers: Record<string, () => Promise<unknown>>) {
  let registered = '';
  const registrations: Array<{ entry: string; force: boolean }> = [];
  const runtime: FederationRuntime = {
    registerRemotes([remote], options) {
      registered = remote!.entry;
      registrations.push({ entry: remote!.entry, force: options?.force ?? false });
    },
    loadRemote: jest.fn(() => (answers[registered] ?? (() => Promise.reject(new Error('not registered'))))()),
  };
  return { runtime, registrations };
}

/** A loader over `runtime` (manifests fetched with `fetch`), and the remotes' records it keeps. */
function loaderOver(
  runtime: FederationRuntime,
  locations: RemoteLocations,
  fetch: typeof globalThis.fetch = () => Promise.reject(new Error('unused')),
) {
  return createFederationCore({ config: { locations, problems: [] }, fetch, runtime: () => runtime });
}

function loaderWith(answers: Record<string, () => Promise<unknown>>, locations: RemoteLocations) {
  const { runtime, registrations } = fakeRuntime(answers);
  return { ...loaderOver(runtime, locations), runtime, registrations };
}

describe('federated loader', () => {
  let warn: jest.SpyInstance;
  let error: jest.SpyInstance;
  beforeEach(() => {
    warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
  });
  afterEach(() => {
    warn.mockRestore();
    error.mockRestore();
  });

  it('loads from the first entry and records it as live', async () => {
    const { loader, records } = loaderWith({ [CART_1]: () => Promise.resolve(cartPage) }, { cart: [CART_1, CART_2] });
    await expect(loader.load('cart/CartPage')).resolves.toBe(cartPage);
    expect(records.remotes.cart).toMatchObject({ state: 'loaded', url: CART_1, fallback: false, configured: [CART_1, CART_2] });
  });

  it.each([
    ['the runtime throws (manifest 404, script error)', () => Promise.reject(new Error('RUNTIME-003'))],
    ['a chunk is missing', () => Promise.reject(Object.assign(new Error('Loading chunk 12 failed'), { name: 'ChunkLoadError' }))],
    ['the module exports no component', () => Promise.resolve({ default: 'nothing' })],
  ])('falls back to the next entry when %s, and says which one it used', async (_case, failing) => {
    const { loader, registrations, records } = loaderWith(
      { [CART_1]: failing, [CART_2]: () => Promise.resolve(cartPage) },
      { cart: [CART_1, CART_2] },
    );
    await expect(loader.load('cart/CartPage')).resolves.toBe(cartPage);
    expect(registrations).toEqual([
      { entry: CART_1, force: false },
      { entry: CART_2, force: true },
    ]);
    expect(records.remotes.cart).toMatchObject({ state: 'loaded', url: CART_2, entry: 1, fallback: true });
    expect(records.remotes.cart!.failures).toHaveLength(1);
    expect(warn).toHaveBeenCalledWith(
      expect.stringContaining(`[federation] cart: using ${CART_2} (entry 2 in remotes.json) because ${CART_1} failed`),
    );
  });

  it('reports the manifest’s own reason (refused, 404) rather than the runtime’s wrapper text', async () => {
    const { runtime } = fakeRuntime({
      [CART_1]: () => Promise.reject(new Error('[ Federation Runtime ]: Failed to get manifest. #RUNTIME-003')),
    });
    const { loader, records, manifests } = loaderOver(runtime, { cart: [CART_1] }, () =>
      Promise.resolve(new Response('', { status: 404 })),
    );
    await manifests.response(CART_1).catch(() => undefined);
    await expect(loader.load('cart/CartPage')).rejects.toMatchObject({ reason: 'http-error' });
    expect(error).toHaveBeenCalledWith(`[federation] cart: ${CART_1} could not be loaded: ${CART_1} answered HTTP 404`);
    expect(records.remotes.cart!.failures).toEqual([{ url: CART_1, reason: 'http-error', error: `${CART_1} answered HTTP 404` }]);
  });

  it('keeps using the entry that worked for the remote’s other modules', async () => {
    const { loader, registrations } = loaderWith(
      { [CART_1]: () => Promise.reject(new Error('down')), [CART_2]: () => Promise.resolve(cartPage) },
      { cart: [CART_1, CART_2] },
    );
    await loader.load('cart/CartPage');
    await loader.load('cart/CheckoutPage');
    expect(registrations.map(({ entry }) => entry)).toEqual([CART_1, CART_2]);
  });

  it.each([
    ['the build there now has it: it is kept', [chunkGone, () => Promise.resolve(checkoutPage)], CART_1, '0.1.0+new', [CART_1, CART_1]],
    [
      'the build there now lacks it too: the next entry',
      [chunkGone, chunkGone, () => Promise.resolve(checkoutPage)],
      CART_2,
      '0.1.0+other',
      [CART_1, CART_1, CART_2],
    ],
  ])(
    'a chunk of the build in use is gone (a new build in its place), its entry is loaded afresh, once: %s',
    async (_case, then, url, buildVersion, entries) => {
      const answers = [() => Promise.resolve(cartPage), ...then];
      const { runtime, registrations } = fakeRuntime({});
      runtime.loadRemote = jest.fn(() => answers.shift()!());
      // CART_1's folder holds the old build, then (read under its retry URL) the new one; CART_2's, the one before.
      const asked: string[] = [];
      const buildAt = (url: string) => (url === CART_1 ? '0.1.0+old' : url.startsWith(CART_1) ? '0.1.0+new' : '0.1.0+other');
      const { loader, records, manifests } = loaderOver(runtime, { cart: [CART_1, CART_2] }, (url) => {
        asked.push(String(url));
        return Promise.resolve(new Response(JSON.stringify(manifestOf(buildAt(String(url))))));
      });
      await loader.load('cart/CartPage');
      expect(records.remotes.cart).toMatchObject({ url: CART_1, buildVersion: '0.1.0+old' });

      await expect(loader.load('cart/CheckoutPage')).resolves.toBe(checkoutPage);
      expect(registrations.map(({ entry }) => entry)).toEqual(entries);
      expect(registrations[1]).toEqual({ entry: CART_1, force: true });
      // Its manifest is read again under a fresh URL (its entry script too, shopRuntimePlugin.ts): no cache answers with the old build.
      await manifests.response(CART_1);
      expect(asked).toContain(`${CART_1}?retry=1`);
      expect(records.remotes.cart).toMatchObject({ state: 'loaded', url, buildVersion, fallback: url !== CART_1 });
      expect(records.remotes.cart!.failures[0]).toEqual({ url: CART_1, reason: 'load-failed', error: 'Loading chunk 7 failed' });
    },
  );

  it('fails with every reason when every entry fails, and Retry starts from the first again', async () => {
    const { loader, registrations, records } = loaderWith({}, { cart: [CART_1, CART_2] });
    const failure = loader.load('cart/CartPage');
    await expect(failure).rejects.toBeInstanceOf(LoadFailure);
    await expect(failure).rejects.toMatchObject({
      reason: 'load-failed',
      message: expect.stringContaining(`${CART_1} failed: not registered`),
    });
    expect(records.remotes.cart!.state).toBe('failed');
    expect(records.remotes.cart!.failures.map(({ reason }) => reason)).toEqual(['load-failed', 'load-failed']);
    loader.forget!('cart');
    await expect(loader.load('cart/CartPage')).rejects.toBeInstanceOf(LoadFailure);
    expect(registrations.map(({ entry }) => entry)).toEqual([CART_1, CART_2, CART_2, CART_1, CART_2]);
  });

  it('fails at once, with a reason, for a remote remotes.json does not name', async () => {
    const { loader, runtime, records } = loaderWith({}, {});
    await expect(loader.load('account/ProfilePage')).rejects.toMatchObject({
      reason: 'not-configured',
      message: 'remotes.json has no manifest URL for "account"',
    });
    expect(runtime.loadRemote).not.toHaveBeenCalled();
    expect(records.remotes.account).toMatchObject({ state: 'failed', failures: [{ url: null, reason: 'not-configured' }] });
  });

  it('runs one remote’s loads one after another', async () => {
    let release!: () => void;
    const first = new Promise<unknown>((resolve) => (release = () => resolve(cartPage)));
    const answers = [() => first, () => Promise.resolve(cartPage)];
    const { runtime } = fakeRuntime({});
    runtime.loadRemote = jest.fn(() => answers.shift()!());
    const { loader } = loaderOver(runtime, { cart: [CART_1] });
    const a = loader.load('cart/CartPage');
    const b = loader.load('cart/CheckoutPage');
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(runtime.loadRemote).toHaveBeenCalledTimes(1);
    release();
    await Promise.all([a, b]);
    expect(runtime.loadRemote).toHaveBeenCalledTimes(2);
  });
});
