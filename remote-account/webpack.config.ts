import { createAppConfig, exposesIn } from '../webpack.common';

export default createAppConfig({
  appDir: __dirname,
  federationName: 'account',
  port: 3003,
  htmlTitle: 'remote-account — standalone',
  exposes: exposesIn(__dirname),
});
