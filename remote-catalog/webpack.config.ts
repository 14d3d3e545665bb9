import { createAppConfig } from '../webpack.common';

export default createAppConfig({
  appDir: __dirname,
  federationName: 'catalog',
  port: 3001,
  htmlTitle: 'remote-catalog — standalone',
  exposes: {
    './pages': './src/pages/index.ts',
    './NewThisSeason': './src/components/NewThisSeason.tsx',
    './SearchResults': './src/search/SearchResults.tsx',
  },
  // Empty: images come from this remote's own origin. Set it to serve them from a CDN.
  define: { CATALOG_IMAGE_BASE_URL: process.env.CATALOG_IMAGE_BASE_URL },
});
