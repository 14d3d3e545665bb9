import { createAppConfig } from '../webpack.common';
import { appNamed, localOrigin } from '../apps.mts';

export default createAppConfig({
  appDir: __dirname,
  federationName: 'cart',
  htmlTitle: 'remote-cart — standalone',
  // Its pages are rendered too, as their frame with nothing stored (webpack/server.ts: dist/server).
  server: {},
  // The standalone frame's sample cart line shows the catalogue dev server's image.
  define: () => ({ CATALOG_DEV_ORIGIN: localOrigin(appNamed('catalog')) }),
});
