import { createAppConfig, exposesIn } from '../webpack.common';

export default createAppConfig({
  appDir: __dirname,
  federationName: 'cart',
  port: 3002,
  htmlTitle: 'remote-cart — standalone',
  exposes: exposesIn(__dirname),
});
