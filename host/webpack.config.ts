import path from 'node:path';
import { readFileSync } from 'node:fs';
import { createAppConfig } from '../webpack.common';
import { readPackage } from '../webpack/buildInfo';
import { localOrigin, REMOTE_APPS as remotes } from '../apps.mts';
import { renderedPagePlugin } from '../webpack/RenderedPagePlugin';
import { servedRoutes } from './src/routes';

export default createAppConfig({
  appDir: __dirname,
  federationName: 'host',
  htmlTitle: 'Maison Khăn — Handkerchiefs & Scarves',
  // Runs at the runtime's init, before any remote; the shop's own plugin is registered at start-up (src/federation/index.ts).
  runtimePlugins: [path.join(__dirname, 'src/federation/runtime/provideFederationRuntime.ts')],
  // Styled by src/shell/appShell.css; the real header draws the same bar and brand.
  appShell: readFileSync(path.join(__dirname, 'src/shell/appShell.html'), 'utf8').trim(),
  preload: { chunks: ['bootstrap'], fetches: ['/remotes.json'] },
  // For the servers: the route table's patterns and the remotes each route needs (deploy/src/answer).
  // For the renderer: the page's head as data, and the boot script of rendered pages.
  plugins: ({ version }) => [
    renderedPagePlugin({
      bootEntry: path.join(__dirname, 'src/boot/index.ts'),
      hostBuild: version,
      routes: servedRoutes(),
    }),
  ],
  // The renderer (webpack/server.ts): the same shell and pages, built for Node, never published.
  server: { entry: './src/renderer/index.ts' },
  define: ({ production, version }) => ({
    // Read by host/src/federation/buildInfo.ts.
    MAISON_BUILD: {
      version,
      sharedContract: readPackage(path.join(__dirname, '..', 'shared')).version,
      remoteNames: remotes.map(({ name }) => name),
      // The local dev servers stand in for missing remotes.json entries in development only.
      remoteDefaults: production
        ? {}
        : Object.fromEntries(remotes.map((remote) => [remote.name, `${localOrigin(remote)}/mf-manifest.json`])),
    },
  }),
});
