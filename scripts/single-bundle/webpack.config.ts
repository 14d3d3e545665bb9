/** The bench's single-bundle reference build: the apps' loaders and minifier, no federation. */
import path from 'node:path';
import { readFileSync } from 'node:fs';
import type { Configuration } from 'webpack';
import { commonPlugins, moduleRules, outputOptions, productionOptimization } from '../../webpack/parts';
import { resolveOptions } from '../../webpack/sharing';

const root = path.resolve(__dirname, '..', '..');

export default (): Configuration => ({
  mode: 'production',
  context: root,
  entry: { main: './scripts/single-bundle/index.tsx' },
  devtool: false,
  output: outputOptions(true, path.join(root, '.bench', 'single-bundle', 'dist'), 'shop'),
  resolve: resolveOptions(true),
  module: { rules: moduleRules(true, 'shop') },
  plugins: commonPlugins(true, {
    htmlTitle: 'Maison Khăn — Handkerchiefs & Scarves',
    appShell: readFileSync(path.join(root, 'host/src/shell/appShell.html'), 'utf8').trim(),
    define: { CATALOG_IMAGE_BASE_URL: '' },
    publicDirs: [path.join(root, 'host', 'public'), path.join(root, 'remote-catalog', 'public')],
  }),
  optimization: productionOptimization(),
  performance: { hints: false },
  stats: 'errors-warnings',
});
