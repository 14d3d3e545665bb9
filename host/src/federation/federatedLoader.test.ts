import { createFederatedLoader, type FederationRuntime } from './federatedLoader';
import { createFederationStatus } from './federationStatus';
import { createManifestReader } from './manifests';
import type { RemoteConfig } from './remoteConfig';
import { RemoteLoadError } from './remoteLoadError';
import { remoteUnavailable } from './remoteUnavailable';

const CART_1 = 'https://cdn.example.com/cart/1.4.2/mf-manifest.json';
const CART_2 = 'https://cdn.example.com/cart/1.4.1/mf-manifest.json';
const cartPage = { default: function CartPage() {} };

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

function loaderWith(answers: Record<string, () => Promise<unknown>>, locations: RemoteConfig['locations']) {
  const { runtime, registrations } = fakeRuntime(answers);
  const status = createFederationStatus({ buildVersion: 'host', sharedContract: '0.1.0' });
  const loader = createFederatedLoader({
    config: Promise.resolve({ locations, problems: [] }),
    runtime,
    manifests: createManifestReader('0.1.0', () => Promise.reject(new Error('unused'))),
    status,
  });
  return { loader, runtime, registrations, status: status.status };
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
    const { loader, status } = loaderWith({ [CART_1]: () => Promise.resolve(cartPage) }, { cart: [CART_1, CART_2] });
    await expect(loader.load('cart/CartPage')).resolves.toBe(cartPage);
    expect(status.remotes.cart).toMatchObject({ state: 'loaded', url: CART_1, fallback: false });
  });

  it.each([
    ['the runtime throws (manifest 404, script error)', () => Promise.reject(new Error('RUNTIME-003'))],
    [
      'the runtime marks the module unavailable (chunk missing)',
      () => Promise.resolve(remoteUnavailable('cart/CartPage', new Error('ChunkLoadError'))),
    ],
    ['the module exports no component', () => Promise.resolve({ default: 'nothing' })],
  ])('falls back to the next entry when %s, and says which one it used', async (_case, failing) => {
    const { loader, registrations, status } = loaderWith(
      { [CART_1]: failing, [CART_2]: () => Promise.resolve(cartPage) },
      { cart: [CART_1, CART_2] },
    );
    await expect(loader.load('cart/CartPage')).resolves.toBe(cartPage);
    expect(registrations).toEqual([
      { entry: CART_1, force: false },
      { entry: CART_2, force: true },
    ]);
    expect(status.remotes.cart).toMatchObject({ state: 'loaded', url: CART_2, fallback: true });
    expect(status.remotes.cart!.failures).toHaveLength(1);
    expect(warn).toHaveBeenCalledWith(
      expect.stringContaining(`[federation] cart: using ${CART_2} (entry 2 in remotes.json) because ${CART_1} failed`),
    );
  });

  it('reports the manifest’s own reason (refused, 404) rather than the runtime’s wrapper text', async () => {
    const { runtime } = fakeRuntime({
      [CART_1]: () => Promise.reject(new Error('[ Federation Runtime ]: Failed to get manifest. #RUNTIME-003')),
    });
    const status = createFederationStatus({ buildVersion: 'host', sharedContract: '0.1.0' });
    const manifests = createManifestReader('0.1.0', () => Promise.resolve(new Response('', { status: 404 })));
    await manifests.response(CART_1).catch(() => undefined);
    const loader = createFederatedLoader({
      config: Promise.resolve({ locations: { cart: [CART_1] }, problems: [] }),
      runtime,
      manifests,
      status,
    });
    await expect(loader.load('cart/CartPage')).rejects.toBeInstanceOf(RemoteLoadError);
    expect(error).toHaveBeenCalledWith(`[federation] cart: ${CART_1} could not be loaded: ${CART_1} answered HTTP 404`);
    expect(status.status.remotes.cart!.failures).toEqual([{ url: CART_1, error: `${CART_1} answered HTTP 404` }]);
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

  it('fails with every reason when every entry fails, and Retry starts from the first again', async () => {
    const { loader, registrations, status } = loaderWith({}, { cart: [CART_1, CART_2] });
    const failure = loader.load('cart/CartPage');
    await expect(failure).rejects.toBeInstanceOf(RemoteLoadError);
    await expect(failure).rejects.toMatchObject({ cause: { message: expect.stringContaining(`${CART_1} failed`) } });
    expect(status.remotes.cart!.state).toBe('failed');
    loader.forget!('cart');
    await expect(loader.load('cart/CartPage')).rejects.toBeInstanceOf(RemoteLoadError);
    expect(registrations.map(({ entry }) => entry)).toEqual([CART_1, CART_2, CART_2, CART_1, CART_2]);
  });

  it('fails at once, with a reason, for a remote remotes.json does not name', async () => {
    const { loader, runtime } = loaderWith({}, {});
    await expect(loader.load('account/ProfilePage')).rejects.toMatchObject({
      cause: { message: 'remotes.json has no manifest URL for "account"' },
    });
    expect(runtime.loadRemote).not.toHaveBeenCalled();
  });

  it('runs one remote’s loads one after another', async () => {
    let release!: () => void;
    const first = new Promise<unknown>((resolve) => (release = () => resolve(cartPage)));
    const answers = [() => first, () => Promise.resolve(cartPage)];
    const { runtime } = fakeRuntime({});
    runtime.loadRemote = jest.fn(() => answers.shift()!());
    const status = createFederationStatus({ buildVersion: 'host', sharedContract: '0.1.0' });
    const loader = createFederatedLoader({
      config: Promise.resolve({ locations: { cart: [CART_1] }, problems: [] }),
      runtime,
      manifests: createManifestReader('0.1.0'),
      status,
    });
    const a = loader.load('cart/CartPage');
    const b = loader.load('cart/CheckoutPage');
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(runtime.loadRemote).toHaveBeenCalledTimes(1);
    release();
    await Promise.all([a, b]);
    expect(runtime.loadRemote).toHaveBeenCalledTimes(2);
  });
});
