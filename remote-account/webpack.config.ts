import { createAppConfig } from '../webpack.common';

export default createAppConfig({
  appDir: __dirname,
  federationName: 'account',
  htmlTitle: 'remote-account — standalone',
  // Its pages are rendered too, as their frame with nothing stored (webpack/server.ts: dist/server).
  server: {},
});
