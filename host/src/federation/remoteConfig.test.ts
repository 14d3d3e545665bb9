import { DEFAULT_REMOTE_LOCATIONS, fetchRemoteLocations, parseRemoteLocations } from './remoteConfig';

describe('remote locations', () => {
  it('takes valid URLs from the config', () => {
    expect(parseRemoteLocations({ catalog: 'https://cdn.example.com/catalog/mf-manifest.json' })).toEqual({
      ...DEFAULT_REMOTE_LOCATIONS,
      catalog: 'https://cdn.example.com/catalog/mf-manifest.json',
    });
  });

  it.each([null, 'text', [], { catalog: 42 }, { cart: 'javascript:alert(1)' }, { account: 'not a url' }])(
    'falls back to the defaults for %p',
    (raw) => {
      expect(parseRemoteLocations(raw)).toEqual(DEFAULT_REMOTE_LOCATIONS);
    },
  );

  it('uses the defaults when the config cannot be fetched', async () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    const failing = (() => Promise.reject(new Error('offline'))) as unknown as typeof fetch;
    await expect(fetchRemoteLocations(failing)).resolves.toEqual(DEFAULT_REMOTE_LOCATIONS);
    const notFound = (() => Promise.resolve({ ok: false, status: 404 })) as unknown as typeof fetch;
    await expect(fetchRemoteLocations(notFound)).resolves.toEqual(DEFAULT_REMOTE_LOCATIONS);
    expect(warn).toHaveBeenCalledTimes(2);
  });
});
