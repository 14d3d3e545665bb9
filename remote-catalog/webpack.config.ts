import { createAppConfig } from '../webpack.common';

export default createAppConfig({
  appDir: __dirname,
  federationName: 'catalog',
  htmlTitle: 'remote-catalog — standalone',
  // Empty: images come from this remote's own origin. Set it to serve them from a CDN.
  define: () => ({ CATALOG_IMAGE_BASE_URL: process.env.CATALOG_IMAGE_BASE_URL ?? '' }),
  // Its public pages are rendered on the server too (webpack/server.ts): built beside, in dist/server,
  // with one server-only expose that lists them for the renderer and the sitemap.
  server: { exposes: { './PublicPages': './src/server/PublicPages.ts' } },
});
