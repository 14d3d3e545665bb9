import path from 'node:path';
import { createAppConfig } from '../webpack.common';

export default createAppConfig({
  appDir: __dirname,
  federationName: 'host',
  port: 3000,
  htmlTitle: 'Maison Khăn — Handkerchiefs & Scarves',
  runtimePlugins: [
    path.join(__dirname, 'src/federation/provideFederationRuntime.ts'),
    path.join(__dirname, 'src/federation/offlineRemotePlugin.ts'),
  ],
});
