/** @jest-environment jsdom */
import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
import type { ManifestReader } from '../loading/manifests';
import type { RetryUrls } from '../loading/retryUrls';
import { shopRuntimePlugin } from './shopRuntimePlugin';

const carriedStylesPlugin = () => shopRuntimePlugin({} as ManifestReader, {} as RetryUrls);
const CARRIED = 'http://localhost:3001/__federation_expose_ProductDetailPage.0123456789.css';

type PreloadOps = Array<{ filter?: (url: string) => boolean }>;
const beforePreload = (plugin: ModuleFederationRuntimePlugin, preloadOps: PreloadOps) =>
  (plugin.beforePreloadRemote as unknown as (args: { preloadOps: PreloadOps }) => void)({ preloadOps });

describe('the stylesheets a rendered page carries', () => {
  beforeEach(() => {
    document.head.innerHTML = `<style data-href="${CARRIED}">.a{}</style><link rel="stylesheet" href="http://localhost:3001/linked.css">`;
  });

  it('are left out of what the runtime adds when their module loads; everything else is added as before', () => {
    const ops: PreloadOps = [{}];
    beforePreload(carriedStylesPlugin(), ops);
    const filter = ops[0]!.filter!;
    expect(filter(CARRIED)).toBe(false);
    expect(filter('http://localhost:3001/__federation_expose_ProductListPage.0123456789.css')).toBe(true);
    expect(filter('http://localhost:3001/__federation_expose_ProductDetailPage.0123456789.js')).toBe(true);
  });

  it('keep a filter the preload already had', () => {
    const ops: PreloadOps = [{ filter: (url) => !url.endsWith('.js') }];
    beforePreload(carriedStylesPlugin(), ops);
    expect(ops[0]!.filter!('http://localhost:3001/chunk.js')).toBe(false);
    expect(ops[0]!.filter!(CARRIED)).toBe(false);
    expect(ops[0]!.filter!('http://localhost:3001/other.css')).toBe(true);
  });
});
