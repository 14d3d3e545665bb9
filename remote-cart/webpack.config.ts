import { createAppConfig, exposesIn } from '../webpack.common';

export default createAppConfig({
  appDir: __dirname,
  federationName: 'cart',
  htmlTitle: 'remote-cart — standalone',
  exposes: exposesIn(__dirname),
});
