import { hostileManifests, remoteManifest, type RemoteManifest } from '@test/remoteManifest';
import { LoadFailure } from './loadFailure';
import { checkManifest, createManifestReader, parseManifest, sharedContractProblem } from './manifests';

const CDN = 'https://cdn.example.com/cart/1.4.2';
const url = (name: string) => `${CDN}/${name}/mf-manifest.json`;
const U = url('u');

const manifest = (sharedVersion: string, buildVersion = '0.1.0+abc1234') => ({
  metaData: { buildInfo: { buildVersion }, remoteEntry: { name: 'remoteEntry.js', path: '' } },
  exposes: [],
  shared: [
    { name: 'react', version: '19.3.1' },
    { name: '@maison/shared', version: sharedVersion },
  ],
});

describe('sharedContractProblem', () => {
  it.each([
    ['0.1.0', '0.1.0'],
    ['0.1.0', '0.1.4'],
    ['1.2.0', '1.4.0'],
    ['1.2.9', '1.2.0'],
  ])('a remote built against %s runs on a page with %s', (required, provided) => {
    expect(sharedContractProblem(required, provided)).toBeUndefined();
  });

  it.each([
    ['0.2.0', '0.1.0'],
    ['0.1.0', '0.2.0'],
    ['1.5.0', '1.4.2'],
    ['2.0.0', '1.9.0'],
    ['1.0.0', '2.0.0'],
  ])('a remote built against %s is refused on a page with %s', (required, provided) => {
    expect(sharedContractProblem(required, provided)).toBe(`built against @maison/shared ${required}, this page provides ${provided}`);
  });

  it('refuses versions it cannot read', () => {
    expect(sharedContractProblem('next', '0.1.0')).toMatch(/unreadable/);
  });
});

describe('checkManifest', () => {
  it('returns the build version and the contract the remote was built against', () => {
    expect(checkManifest(U, manifest('0.1.0'), '0.1.0')).toEqual({
      url: U,
      buildVersion: '0.1.0+abc1234',
      sharedContract: '0.1.0',
    });
  });

  it('refuses a newer contract and anything that is not a manifest', () => {
    expect(() => checkManifest(U, manifest('0.2.0'), '0.1.0')).toThrow(
      new LoadFailure('refused', `${U} was refused: built against @maison/shared 0.2.0, this page provides 0.1.0`),
    );
    // The schema alone decides, and says which field: the first one missing, or the whole when it is no object.
    expect(() => checkManifest(U, { hello: 'world' }, '0.1.0')).toThrow(`${U} was refused: metaData: is missing`);
    expect(() => checkManifest(U, { metaData: {}, exposes: [] }, '0.1.0')).toThrow(`${U} was refused: shared: is missing`);
    expect(() => checkManifest(U, null, '0.1.0')).toThrow(`${U} was refused: the manifest: must be an object (null)`);
  });

  it('refuses a manifest whose entry is not remoteEntry.js beside it (the servers preload that one)', () => {
    const elsewhere = (remoteEntry: object) => ({ ...manifest('0.1.0'), metaData: { ...manifest('0.1.0').metaData, remoteEntry } });
    expect(checkManifest(U, elsewhere({ name: 'remoteEntry.js', path: '.' }), '0.1.0').url).toBe(U);
    expect(() => checkManifest(U, elsewhere({ name: 'entry.js', path: '' }), '0.1.0')).toThrow(
      `its entry must be ${CDN}/u/remoteEntry.js, beside the manifest (it names ${CDN}/u/entry.js)`,
    );
    expect(() => checkManifest(U, elsewhere({ name: 'remoteEntry.js', path: 'js' }), '0.1.0')).toThrow(/its entry must be/);
    expect(() => checkManifest(U, elsewhere({}), '0.1.0')).toThrow(/it names none/);
  });

  it("with a remote name, refuses another remote's manifest", () => {
    const cart = { ...manifest('0.1.0'), metaData: { ...manifest('0.1.0').metaData, name: 'cart', buildInfo: { buildVersion: '1' } } };
    expect(checkManifest(U, cart, '0.1.0', 'cart').buildVersion).toBe('1');
    expect(() => checkManifest(U, cart, '0.1.0', 'account')).toThrow(`${U} was refused: it is the manifest of "cart", not of "account"`);
  });
});

describe('parseManifest: another team’s data, read through the schema', () => {
  const CART = 'https://cdn.example.com/cart/7/mf-manifest.json';

  it('accepts a manifest as the builds write it', () => {
    expect(parseManifest(CART, remoteManifest(), 'cart').metaData.ssrRemoteEntry?.path).toBe('server/');
    const catalog = remoteManifest('catalog');
    catalog.metaData.serverModules = ['PublicPages'];
    expect(parseManifest(CART, catalog, 'catalog').metaData.serverModules).toEqual(['PublicPages']);
  });

  it.each(hostileManifests('https://elsewhere.example').map((hostile) => [hostile.field, hostile] as const))(
    'refuses a manifest whose %s names a file off its build, naming the file and the field',
    (field, { change, says }) => {
      const manifest = remoteManifest();
      change(manifest);
      expect(() => checkManifest(CART, manifest, '0.3.0', 'cart')).toThrow(`${CART} was refused: ${field}: ${says}`);
    },
  );

  it.each([
    ['metaData.globalName', (manifest: RemoteManifest) => (manifest.metaData.globalName = 'fetch'), "must be the build's name"],
    [
      'metaData.ssrRemoteEntry.type',
      (manifest: RemoteManifest) => (manifest.metaData.ssrRemoteEntry.type = 'module'),
      'must be "commonjs-module"',
    ],
    [
      'metaData.serverModules[0]',
      (manifest: RemoteManifest) => (manifest.metaData.serverModules = ['../PublicPages']),
      'must be a plain name',
    ],
    ['exposes[0].name', (manifest: RemoteManifest) => (manifest.exposes[0]!.name = 'Cart/../Page'), 'must be a plain name'],
    [
      'exposes[0].assets.css.sync[0]',
      (manifest: RemoteManifest) => (manifest.exposes[0]!.assets.css.sync[0] = '\\\\elsewhere.example\\cart.css'),
      'must be a relative path inside the build',
    ],
    [
      'metaData.ssrRemoteEntry.name',
      (manifest: RemoteManifest) => delete (manifest.metaData.ssrRemoteEntry as { name?: string }).name,
      'is missing',
    ],
  ])('refuses a manifest whose %s is not as the builds write it', (field, change, says) => {
    const manifest = remoteManifest();
    change(manifest);
    expect(() => checkManifest(CART, manifest, '0.3.0', 'cart')).toThrow(`${CART} was refused: ${field}: ${says}`);
  });
});

describe("a manifest's serverModules", () => {
  const withModules = (serverModules?: unknown) => ({ ...manifest('0.1.0'), metaData: { ...manifest('0.1.0').metaData, serverModules } });
  it.each([
    ['a server build with a list of pages', withModules(['PublicPages']), ['PublicPages']],
    ['a server build with nothing of its own', withModules([]), []],
    ['a manifest that does not say (no server build, or one from before)', withModules(), undefined],
  ])('%s', (_case, read, names) => {
    expect(parseManifest(U, read).metaData.serverModules).toEqual(names);
  });

  it('reads none from what is not a manifest: it is refused', () => {
    expect(() => parseManifest(U, null)).toThrow(/the manifest: must be an object/);
    expect(() => parseManifest(U, 'text')).toThrow(`${U} was refused: the manifest: must be an object ("text")`);
  });

  it('refuses a list that is not of names', () => {
    expect(() => parseManifest(U, withModules([1]))).toThrow(/metaData\.serverModules\[0\]: must be text/);
  });
});

describe('createManifestReader', () => {
  const fetchOf = (bodies: Record<string, { status: number; body: string }>) =>
    jest.fn((url: string) => {
      const answer = bodies[url] ?? { status: 404, body: '' };
      return Promise.resolve(new Response(answer.body, { status: answer.status }));
    }) as unknown as jest.Mock & typeof fetch;

  it('fetches a manifest once and hands the runtime a fresh response each time', async () => {
    const fetchMock = fetchOf({ [url('a')]: { status: 200, body: JSON.stringify(manifest('0.1.0')) } });
    const reader = createManifestReader('0.1.0', fetchMock, () => undefined);
    await expect((await reader.response(url('a'))).json()).resolves.toEqual(manifest('0.1.0'));
    await expect((await reader.response(url('a'))).json()).resolves.toEqual(manifest('0.1.0'));
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect((await reader.json(url('a'))).metaData.buildInfo?.buildVersion).toBe('0.1.0+abc1234');
  });

  it('rejects missing, broken and refused manifests, remembers why, and tries the network again next time', async () => {
    const fetchMock = fetchOf({
      [url('newer')]: { status: 200, body: JSON.stringify(manifest('0.3.0')) },
      [url('html')]: { status: 200, body: '<!doctype html>' },
    });
    const reader = createManifestReader('0.1.0', fetchMock, () => undefined);
    await expect(reader.response(url('missing'))).rejects.toMatchObject({
      reason: 'http-error',
      message: `${url('missing')} answered HTTP 404`,
    });
    await expect(reader.response(url('html'))).rejects.toMatchObject({
      reason: 'refused',
      message: `${url('html')} was refused: not JSON`,
    });
    await expect(reader.response(url('newer'))).rejects.toMatchObject({ reason: 'refused' });
    await expect(reader.response(url('newer'))).rejects.toBeInstanceOf(LoadFailure);
    expect(fetchMock).toHaveBeenCalledTimes(4);
    expect(reader.failure(url('missing'))).toMatchObject({ reason: 'http-error', url: url('missing') });
    expect(reader.failure(url('newer'))?.message).toBe(
      `${url('newer')} was refused: built against @maison/shared 0.3.0, this page provides 0.1.0`,
    );
  });

  it('knows whose entry a manifest is, and refuses another remote’s manifest there', async () => {
    const hostile = remoteManifest('cart', '0.1.0');
    hostile.metaData.ssrRemoteEntry.path = 'https://elsewhere.example/server/';
    const fetchMock = fetchOf({
      [url('cart')]: { status: 200, body: JSON.stringify(hostile) },
      [url('account')]: { status: 200, body: JSON.stringify(remoteManifest('cart', '0.1.0')) },
    });
    const reader = createManifestReader('0.1.0', fetchMock, (manifestUrl) => (manifestUrl === url('cart') ? 'cart' : 'account'));
    await expect(reader.json(url('cart'))).rejects.toMatchObject({
      reason: 'refused',
      message: `${url('cart')} was refused: metaData.ssrRemoteEntry.path: must be a relative path inside the build ("https://elsewhere.example/server/")`,
    });
    await expect(reader.json(url('account'))).rejects.toThrow(
      `${url('account')} was refused: it is the manifest of "cart", not of "account"`,
    );
  });

  it('names an unreachable manifest, and forgets the failure once it loads', async () => {
    let online = false;
    const fetchMock = jest.fn(() =>
      online ? Promise.resolve(new Response(JSON.stringify(manifest('0.1.0')))) : Promise.reject(new TypeError('Failed to fetch')),
    ) as unknown as typeof fetch;
    const reader = createManifestReader('0.1.0', fetchMock, () => undefined);
    await expect(reader.response(U)).rejects.toMatchObject({ reason: 'unreachable', message: `${U} is unreachable (Failed to fetch)` });
    online = true;
    await reader.response(U);
    expect(reader.failure(U)).toBeUndefined();
  });

  it('forgets what it read when told, for a Retry after a redeploy', async () => {
    const fetchMock = fetchOf({ [url('a')]: { status: 200, body: JSON.stringify(manifest('0.1.0')) } });
    const reader = createManifestReader('0.1.0', fetchMock, () => undefined);
    await reader.response(url('a'));
    reader.forget([url('a')]);
    await reader.response(url('a'));
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });
});
