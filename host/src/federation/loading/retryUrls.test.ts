import { createRetryUrls } from './retryUrls';

describe('retry URLs', () => {
  it('keeps URLs as they are until the remote is retried, then asks under a fresh one each time', () => {
    const retryUrls = createRetryUrls();
    const entry = 'https://cdn.example.com/cart/1.4.2/remoteEntry.js';
    expect(retryUrls.urlFor(entry)).toBe(entry);
    retryUrls.retried(['https://cdn.example.com/cart/1.4.2/mf-manifest.json']);
    expect(retryUrls.urlFor(entry)).toBe(`${entry}?retry=1`);
    retryUrls.retried(['https://cdn.example.com/cart/1.4.2/mf-manifest.json']);
    expect(retryUrls.urlFor(`${entry}?v=2`)).toBe(`${entry}?v=2&retry=2`);
    expect(retryUrls.urlFor('https://cdn.example.com/cart/1.4.1/remoteEntry.js')).toBe('https://cdn.example.com/cart/1.4.1/remoteEntry.js');
  });
});
