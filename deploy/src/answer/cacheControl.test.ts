/** The cache classes: how long each kind of answer may be kept. */
import { CACHE_CONTROL, cacheControl } from './cacheControl.ts';

describe('cache classes', () => {
  it.each([
    ['/index.html', CACHE_CONTROL.uncached],
    ['/remoteEntry.js', CACHE_CONTROL.uncached],
    ['/cart/2/mf-manifest.json', CACHE_CONTROL.uncached],
    ['/main.0123456789.js', CACHE_CONTROL.hashed],
    ['/sitemap.xml', CACHE_CONTROL.other],
    ['/assets/hero.abcdef0123.svg', CACHE_CONTROL.hashed],
    ['/favicon.svg', CACHE_CONTROL.other],
    ['/main.01234.js', CACHE_CONTROL.other],
  ])('%s is %s', (pathname, expected) => expect(cacheControl(pathname)).toBe(expected));
});
