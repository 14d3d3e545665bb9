import { createAppConfig } from '../webpack.common';

export default createAppConfig({
  appDir: __dirname,
  federationName: 'cart',
  port: 3002,
  htmlTitle: 'remote-cart — standalone',
  exposes: { './pages': './src/pages/index.ts' },
});
