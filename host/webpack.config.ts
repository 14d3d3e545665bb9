import path from 'node:path';
import { readFileSync } from 'node:fs';
import { createAppConfig } from '../webpack.common';
import { APPS, devOrigin, packageVersion } from '../webpack/buildInfo';
import { devRemotesFile } from '../webpack/devServer';
import { EmitJsonPlugin } from '../webpack/parts';
import { remotesByRoute } from './src/routeTable';

const remotes = APPS.filter(({ name }) => name !== 'host');

export default createAppConfig({
  appDir: __dirname,
  federationName: 'host',
  htmlTitle: 'Maison Khăn — Handkerchiefs & Scarves',
  runtimePlugins: [
    path.join(__dirname, 'src/federation/provideFederationRuntime.ts'),
    path.join(__dirname, 'src/federation/shopRuntimePlugin.ts'),
  ],
  // Styled by src/shell/appShell.css; the real header draws the same bar and brand.
  appShell: readFileSync(path.join(__dirname, 'src/shell/appShell.html'), 'utf8').trim(),
  // The local environment's remotes.json (deploy/), or another environment's with some remotes
  // local (npm start -- --against); production serves its own (README, "Deploy").
  devServerFiles: { '/remotes.json': devRemotesFile() },
  preload: { chunks: ['bootstrap'], sharedProvides: true, fetches: ['/remotes.json'] },
  // For the serving layer: which remote a route needs, to send preload hints with the page.
  plugins: [new EmitJsonPlugin('remote-routes.json', remotesByRoute())],
  define: ({ production, version }) => ({
    // Read by host/src/federation/buildInfo.ts.
    MAISON_BUILD: {
      version,
      sharedContract: packageVersion(path.join(__dirname, '..', 'shared')),
      remoteNames: remotes.map(({ name }) => name),
      // The local dev servers stand in for missing remotes.json entries in development only.
      remoteDefaults: production ? {} : Object.fromEntries(remotes.map(({ name }) => [name, `${devOrigin(name)}/mf-manifest.json`])),
    },
  }),
});
