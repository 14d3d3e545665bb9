/** @jest-environment node */
import type { ManifestReader } from '../loading/manifests';
import type { RetryUrls } from '../loading/retryUrls';
import { shopRuntimePlugin } from './shopRuntimePlugin';

const plugin = shopRuntimePlugin({} as ManifestReader, { urlFor: (url: string) => url } as unknown as RetryUrls);

describe('in the renderer (Node, no document), the host’s runtime hooks', () => {
  it('leave loading a remote’s server entry and chunks to the runtime', () => {
    expect(plugin.createScript!({ url: 'http://localhost:3001/server/remoteEntry.js' })).toBeUndefined();
    expect(plugin.createLink!({ url: 'http://localhost:3001/server/chunk.js', attrs: { rel: 'preload', as: 'script' } })).toBeUndefined();
  });
});
