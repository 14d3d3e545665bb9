/** Build pieces every app shares, and the benchmark's single-bundle build too. */
import path from 'node:path';
import zlib from 'node:zlib';
import { existsSync, readdirSync } from 'node:fs';
import type { Configuration } from 'webpack';
import webpack from 'webpack';
import HtmlWebpackPlugin from 'html-webpack-plugin';
import CopyWebpackPlugin from 'copy-webpack-plugin';
import MiniCssExtractPlugin from 'mini-css-extract-plugin';
import CssMinimizerPlugin from 'css-minimizer-webpack-plugin';
import { fastRefreshTransformers } from './fastRefresh';
import { sharedLibrariesChunk } from './sharing';
import CompressionPlugin from 'compression-webpack-plugin';

const root = path.resolve(__dirname, '..');

/**
 * A remote's exposes are the files in its `src/exposes/` folder: `src/exposes/CartPage.ts`
 * is `./CartPage`. Each file default-exports one component, checked against `RemoteComponents`
 * in `@maison/shared`, so a route downloads only its own page.
 */
export function exposesIn(appDir: string): Record<string, string> {
  const dir = path.join(appDir, 'src', 'exposes');
  return Object.fromEntries(
    readdirSync(dir)
      .filter((file) => /\.tsx?$/.test(file) && !file.includes('.test.'))
      .sort()
      .map((file) => [`./${file.replace(/\.tsx?$/, '')}`, `./src/exposes/${file}`]),
  );
}

/**
 * How TypeScript, CSS and images are built, the same for every app and for the benchmark's
 * single-bundle build. In production CSS is extracted to files (no inline `<style>`, so the
 * site runs under a strict CSP, and styles do not wait for scripts); class names carry the
 * app's prefix, so styles never collide between apps. Development builds register components
 * for Fast Refresh (./fastRefresh.ts).
 */
export function moduleRules(
  production: boolean,
  cssPrefix: string,
  target: 'browser' | 'server' = 'browser',
): NonNullable<Configuration['module']>['rules'] {
  const server = target === 'server';
  return [
    {
      test: /\.tsx?$/,
      loader: 'ts-loader',
      exclude: /node_modules/,
      // Type-checking is `npm run typecheck` (one tsc for the whole repo); builds stay fast.
      options: {
        transpileOnly: true,
        configFile: path.join(root, 'tsconfig.base.json'),
        ...(production || server ? {} : { getCustomTransformers: fastRefreshTransformers }),
      },
    },
    {
      test: /\.css$/,
      use: [
        // The server build renders markup only: it needs the class names, never the styles.
        ...(server ? [] : [production ? MiniCssExtractPlugin.loader : 'style-loader']),
        {
          loader: 'css-loader',
          options: {
            modules: {
              auto: true,
              namedExport: false,
              exportLocalsConvention: 'as-is',
              // The same names in both builds: the hash is of the file's path and the class name.
              localIdentName: production ? `${cssPrefix}-[hash:base64:6]` : `${cssPrefix}__[name]__[local]`,
              exportOnlyLocals: server,
            },
          },
        },
      ],
    },
    // The server build names the browser build's files (same content hash) and writes none.
    { test: /\.(svg|png|webp|jpg)$/, type: 'asset/resource', ...(server ? { generator: { emit: false } } : {}) },
  ];
}

/** Plugins every build has: CSS files in production, the HTML page, build-time constants, public files. */
export function commonPlugins(
  production: boolean,
  options: { htmlTitle?: string; appShell?: string; define?: Record<string, unknown>; publicDirs: string[] },
) {
  return [
    ...(production
      ? [new MiniCssExtractPlugin({ filename: '[name].[contenthash:10].css', chunkFilename: '[name].[contenthash:10].css' })]
      : []),
    ...(options.htmlTitle
      ? [
          new HtmlWebpackPlugin({
            template: path.join(root, 'shared', 'index.html'),
            // A file, not a data: URL, so the Content-Security-Policy needs no data: images.
            favicon: path.join(root, 'shared', 'favicon.svg'),
            title: options.htmlTitle,
            appShell: options.appShell,
            // As data, not in the template: rendered pages take the same tags (webpack/RenderedPagePlugin.ts).
            meta: {
              viewport: 'width=device-width, initial-scale=1',
              description: 'Maison Khăn — luxury handkerchiefs and scarves inspired by Vietnam’s landmarks.',
              'theme-color': '#1f1a17',
            },
            chunks: ['main'],
            // Each app's own page lives at its root; absolute URLs keep deep links (/products/x) working.
            publicPath: '/',
          }),
        ]
      : []),
    new webpack.DefinePlugin(
      Object.fromEntries(Object.entries(options.define ?? {}).map(([key, value]) => [key, JSON.stringify(value ?? '')])),
    ),
    ...options.publicDirs.filter((dir) => existsSync(dir)).map((dir) => new CopyWebpackPlugin({ patterns: [{ from: dir }] })),
    ...(production ? [precompression()] : []),
  ];
}

/**
 * All of the host's CSS in one file, linked from every page's head: the tokens and first paint's
 * shell, the shared library's styles and the shell's, a few KiB in all. As three files they were
 * three of the six requests a browser makes at once to an origin over HTTP/1.1, and the page's
 * scripts waited behind them for a connection.
 */
function stylesChunk() {
  return { type: 'css/mini-extract', name: 'styles', chunks: 'all' as const, enforce: true, priority: 10 };
}

export function productionOptimization({ sharedLibraries }: { sharedLibraries?: boolean } = {}): Configuration['optimization'] {
  return {
    moduleIds: 'deterministic',
    // '...' keeps webpack's own JS minifier (terser) beside the CSS one.
    minimizer: ['...', new CssMinimizerPlugin()],
    ...(sharedLibraries ? { splitChunks: { cacheGroups: { sharedLibraries: sharedLibrariesChunk(), styles: stylesChunk() } } } : {}),
  };
}

/** A remote's server build (webpack/server.ts), in this folder of its dist, published with it. */
export const SERVER_DIR = 'server';

export function outputOptions(production: boolean, outDir: string, uniqueName: string, { isHost = false } = {}): Configuration['output'] {
  return {
    path: outDir,
    // 'auto': chunks load from wherever this app's entry came from, so a remote can move
    // to another host or CDN without the host knowing. The host is the site's root, '/': its
    // server build names its images the same way, so a rendered page's image URLs are the browser's.
    publicPath: isHost ? '/' : 'auto',
    uniqueName,
    filename: production ? '[name].[contenthash:10].js' : '[name].js',
    // Hashed in development too: there a shared facade's chunk and the federation plugin's copy
    // of it take the same name, and '[name].js' would write both to one file.
    chunkFilename: production ? '[name].[contenthash:10].js' : '[name].[contenthash:8].js',
    assetModuleFilename: 'assets/[name].[contenthash:10][ext]',
    // A remote's chunks from another origin are read with CORS (its servers allow any origin): an
    // error its code throws then reaches the page with its file and stack, so the shoppers'
    // signals name the remote, not "Script error." for the host.
    crossOriginLoading: 'anonymous',
    // The server build's folder is another compiler's output.
    clean: { keep: (file: string) => file.startsWith(`${SERVER_DIR}/`) },
  };
}

/** Emits `data` as a JSON file beside the build's other files (facts the servers read, not the page). */
export class EmitJsonPlugin {
  constructor(
    private readonly filename: string,
    private readonly data: unknown,
  ) {}

  apply(compiler: webpack.Compiler) {
    compiler.hooks.thisCompilation.tap('EmitJsonPlugin', (compilation) => {
      compilation.hooks.processAssets.tap({ name: 'EmitJsonPlugin', stage: webpack.Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL }, () => {
        compilation.emitAsset(this.filename, new webpack.sources.RawSource(`${JSON.stringify(this.data, null, 2)}\n`));
      });
    });
  }
}

/**
 * A production build's text files (a kilobyte or more) as brotli at its best quality, `<file>.br`
 * beside each, kept in webpack's build cache between builds; the servers send it for `<file>`
 * (deploy/src/answer/buildFiles.ts). Why at build time: docs/decisions/precompression.md.
 */
function precompression() {
  return new CompressionPlugin<zlib.BrotliOptions>({
    filename: '[path][base].br',
    algorithm: 'brotliCompress',
    test: /\.(js|css|svg|json)$/,
    threshold: 1024,
    minRatio: Number.POSITIVE_INFINITY,
    compressionOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } },
  });
}
