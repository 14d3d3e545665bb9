import { loadRecord } from './pageStatus';

const CDN = 'https://cdn.example.com/cart/1.4.2';
const loaded = (files: string[], startedAt: number, at: number, entries: PerformanceEntry[]) =>
  loadRecord(
    {
      event: {
        type: 'loaded',
        remote: 'cart',
        module: 'cart/CartPage',
        url: `${CDN}/mf-manifest.json`,
        entry: 0,
        buildVersion: '1',
        startedAt,
        at,
        files,
      },
      page: '/cart',
    },
    entries,
  );
const resource = (name: string, startTime: number, responseEnd: number) =>
  ({ name, entryType: 'resource', startTime, responseEnd, duration: responseEnd - startTime }) as unknown as PerformanceEntry;

describe('load timings', () => {
  const files = [`${CDN}/remoteEntry.js`, `${CDN}/__federation_expose_CartPage.0123456789.js`, `${CDN}/cart.0123456789.css`];

  it('times the manifest, the entry and each file of the module from their requests', () => {
    const entries = [
      resource(`${CDN}/mf-manifest.json`, 10.4, 52.6),
      resource(`${CDN}/remoteEntry.js`, 11, 80),
      resource('https://shop.example.com/main.0123456789.js', 0, 40),
      resource(files[1]!, 81.2, 120.9),
      resource(files[2]!, 81, 99),
    ];
    expect(loaded(files, 9.6, 130.2, entries)).toMatchObject({
      manifest: { url: `${CDN}/mf-manifest.json`, start: 10, duration: 42 },
      entry: { url: `${CDN}/remoteEntry.js`, start: 11, duration: 69 },
      chunks: [
        { url: files[1], start: 81, duration: 40 },
        { url: files[2], start: 81, duration: 18 },
      ],
      total: 121,
    });
  });

  it('takes the latest request of a file, a retried entry included, and leaves out files never requested', () => {
    const entries = [resource(`${CDN}/remoteEntry.js`, 5, 6), resource(`${CDN}/remoteEntry.js?retry=2`, 900, 950)];
    expect(loaded(files, 890, 1000, entries)).toMatchObject({
      manifest: undefined,
      entry: { url: `${CDN}/remoteEntry.js`, start: 900, duration: 50 },
      chunks: [],
      total: 110,
    });
  });
});
