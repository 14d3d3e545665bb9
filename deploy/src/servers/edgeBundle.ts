/**
 * The Worker's bundle (edge/worker.ts), made by webpack as the apps are: one ES module for
 * workerd, `node:` modules left to its nodejs_compat, nothing minified (stacks stay readable).
 */
// Why webpack and this shape: docs/decisions/serving.md#the-answerer-at-the-edge
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import webpack, { type Configuration } from 'webpack';

const DEPLOY = path.resolve(import.meta.dirname, '../..');
export const WORKER_ENTRY = path.join(DEPLOY, 'src', 'edge', 'worker.ts');
/** Where `npm run serve:edge` and the tests find it (not committed). */
export const EDGE_BUNDLE_DIR = path.join(DEPLOY, 'dist-edge');
export const EDGE_BUNDLE_FILE = 'worker.js';

function edgeConfiguration(outDir: string): Configuration {
  return {
    mode: 'production',
    target: 'webworker',
    entry: WORKER_ENTRY,
    context: DEPLOY,
    devtool: false,
    output: { path: outDir, filename: EDGE_BUNDLE_FILE, module: true, library: { type: 'module' }, chunkFormat: 'module' },
    experiments: { outputModule: true },
    externalsType: 'module',
    externals: [({ request }, done) => (request?.startsWith('node:') ? done(undefined, `module ${request}`) : done())],
    resolve: {
      extensions: ['.ts', '.mts', '.js', '.mjs', '.json'],
      extensionAlias: { '.js': ['.ts', '.js'], '.mjs': ['.mts', '.mjs'] },
      conditionNames: ['workerd', 'worker', 'import', 'default'],
    },
    module: {
      // One file: workerd is given one module (a dynamic import would be a second).
      parser: { javascript: { dynamicImportMode: 'eager' } },
      rules: [
        {
          test: /\.m?ts$/,
          loader: 'ts-loader',
          options: {
            transpileOnly: true,
            onlyCompileBundledFiles: true,
            compilerOptions: { module: 'esnext', noEmit: false, rewriteRelativeImportExtensions: true },
          },
        },
      ],
    },
    optimization: { minimize: false, splitChunks: false, runtimeChunk: false },
    performance: { hints: false },
  };
}

/** Bundles the Worker into `outDir`; the file's path. Throws with webpack's errors. */
export async function bundleWorker(outDir = EDGE_BUNDLE_DIR): Promise<string> {
  mkdirSync(outDir, { recursive: true });
  const stats = await new Promise<webpack.Stats>((resolve, reject) =>
    webpack(edgeConfiguration(outDir)).run((error, result) => (error || !result ? reject(error) : resolve(result))),
  );
  if (stats.hasErrors()) throw new Error(`the Worker's bundle failed:\n${stats.toString({ all: false, errors: true })}`);
  return path.join(outDir, EDGE_BUNDLE_FILE);
}
