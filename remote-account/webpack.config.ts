import { createAppConfig, exposesIn } from '../webpack.common';

export default createAppConfig({
  appDir: __dirname,
  federationName: 'account',
  htmlTitle: 'remote-account — standalone',
  exposes: exposesIn(__dirname),
});
