import { createAppConfig } from '../webpack.common';

export default createAppConfig({
  appDir: __dirname,
  federationName: 'account',
  port: 3003,
  htmlTitle: 'remote-account — standalone',
  exposes: { './pages': './src/pages/index.ts' },
});
