import { createAppConfig, exposesIn } from '../webpack.common';

export default createAppConfig({
  appDir: __dirname,
  federationName: 'catalog',
  htmlTitle: 'remote-catalog — standalone',
  exposes: exposesIn(__dirname),
  // Empty: images come from this remote's own origin. Set it to serve them from a CDN.
  define: () => ({ CATALOG_IMAGE_BASE_URL: process.env.CATALOG_IMAGE_BASE_URL ?? '' }),
});
