import { checkManifest, createManifestReader, ManifestRefused, sharedContractProblem } from './manifests';

const manifest = (sharedVersion: string, buildVersion = '0.1.0+abc1234') => ({
  metaData: { buildInfo: { buildVersion } },
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
    expect(checkManifest('https://cdn/cart/mf-manifest.json', manifest('0.1.0'), '0.1.0')).toEqual({
      url: 'https://cdn/cart/mf-manifest.json',
      buildVersion: '0.1.0+abc1234',
      sharedContract: '0.1.0',
    });
  });

  it('refuses a newer contract and anything that is not a manifest', () => {
    expect(() => checkManifest('u', manifest('0.2.0'), '0.1.0')).toThrow(
      new ManifestRefused('u', 'built against @maison/shared 0.2.0, this page provides 0.1.0'),
    );
    expect(() => checkManifest('u', { hello: 'world' }, '0.1.0')).toThrow(/not a federation manifest/);
    expect(() => checkManifest('u', null, '0.1.0')).toThrow(/not a federation manifest/);
  });

  it("with a remote name, refuses another remote's manifest", () => {
    const cart = { ...manifest('0.1.0'), metaData: { name: 'cart', buildInfo: { buildVersion: '1' } } };
    expect(checkManifest('u', cart, '0.1.0', 'cart').buildVersion).toBe('1');
    expect(() => checkManifest('u', cart, '0.1.0', 'account')).toThrow(
      new ManifestRefused('u', 'it is the manifest of "cart", not of "account"'),
    );
  });
});

describe('createManifestReader', () => {
  const fetchOf = (bodies: Record<string, { status: number; body: string }>) =>
    jest.fn((url: string) => {
      const answer = bodies[url] ?? { status: 404, body: '' };
      return Promise.resolve(new Response(answer.body, { status: answer.status }));
    }) as unknown as jest.Mock & typeof fetch;

  it('fetches a manifest once and hands the runtime a fresh response each time', async () => {
    const fetchMock = fetchOf({ a: { status: 200, body: JSON.stringify(manifest('0.1.0')) } });
    const reader = createManifestReader('0.1.0', fetchMock);
    await expect((await reader.response('a')).json()).resolves.toEqual(manifest('0.1.0'));
    await expect((await reader.response('a')).json()).resolves.toEqual(manifest('0.1.0'));
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(reader.summary('a')?.buildVersion).toBe('0.1.0+abc1234');
  });

  it('rejects missing, broken and refused manifests, remembers why, and tries the network again next time', async () => {
    const fetchMock = fetchOf({
      newer: { status: 200, body: JSON.stringify(manifest('0.3.0')) },
      html: { status: 200, body: '<!doctype html>' },
    });
    const reader = createManifestReader('0.1.0', fetchMock);
    await expect(reader.response('missing')).rejects.toThrow('missing answered HTTP 404');
    await expect(reader.response('html')).rejects.toThrow(new ManifestRefused('html', 'not JSON'));
    await expect(reader.response('newer')).rejects.toThrow(ManifestRefused);
    await expect(reader.response('newer')).rejects.toThrow(ManifestRefused);
    expect(fetchMock).toHaveBeenCalledTimes(4);
    expect(reader.failure('missing')).toBe('missing answered HTTP 404');
    expect(reader.failure('newer')).toBe('newer was refused: built against @maison/shared 0.3.0, this page provides 0.1.0');
  });

  it('names an unreachable manifest, and forgets the failure once it loads', async () => {
    let online = false;
    const fetchMock = jest.fn(() =>
      online ? Promise.resolve(new Response(JSON.stringify(manifest('0.1.0')))) : Promise.reject(new TypeError('Failed to fetch')),
    ) as unknown as typeof fetch;
    const reader = createManifestReader('0.1.0', fetchMock);
    await expect(reader.response('cdn')).rejects.toThrow('cdn is unreachable (Failed to fetch)');
    online = true;
    await reader.response('cdn');
    expect(reader.failure('cdn')).toBeUndefined();
  });

  it('forgets what it read when told, for a Retry after a redeploy', async () => {
    const fetchMock = fetchOf({ a: { status: 200, body: JSON.stringify(manifest('0.1.0')) } });
    const reader = createManifestReader('0.1.0', fetchMock);
    await reader.response('a');
    reader.forget(['a']);
    expect(reader.summary('a')).toBeUndefined();
    await reader.response('a');
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });
});
