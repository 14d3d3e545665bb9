/** @jest-environment jsdom */
import type { ManifestReader } from '../loading/manifests';
import type { RetryUrls } from '../loading/retryUrls';
import { shopRuntimePlugin } from './shopRuntimePlugin';

const retryUrls = { urlFor: (url: string) => url } as unknown as RetryUrls;
const plugin = shopRuntimePlugin({} as ManifestReader, retryUrls);
const createScript = (url: string) => plugin.createScript!({ url, attrs: { async: true } }) as HTMLScriptElement;

describe('a remote’s scripts', () => {
  it('on another origin are read with CORS, so their errors reach the page with their file and stack', () => {
    const script = createScript('http://localhost:3001/remoteEntry.js');
    expect([script.src, script.crossOrigin, script.hasAttribute('async')]).toEqual([
      'http://localhost:3001/remoteEntry.js',
      'anonymous',
      true,
    ]);
  });

  it('on the page’s own origin are read as any of its scripts', () => {
    expect(createScript(`${window.location.origin}/catalog/remoteEntry.js`).crossOrigin).toBeNull();
  });

  it('are preloaded in the mode they load in', () => {
    const link = plugin.createLink!({
      url: 'http://localhost:3001/chunk.0123456789.js',
      attrs: { rel: 'preload', as: 'script' },
    }) as HTMLLinkElement;
    expect([link.rel, link.getAttribute('as'), link.crossOrigin]).toEqual(['preload', 'script', 'anonymous']);
    expect(plugin.createLink!({ url: 'http://localhost:3001/page.css', attrs: { rel: 'stylesheet' } })).toBeUndefined();
  });
});
