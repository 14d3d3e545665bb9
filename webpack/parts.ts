/** Build pieces every app shares, and the benchmark's single-bundle build too. */
import path from 'node:path';
import zlib from 'node:zlib';
import { existsSync, readdirSync } from 'node:fs';
import type { Compiler, Configuration } from 'webpack';
import webpack from 'webpack';
import HtmlWebpackPlugin from 'html-webpack-plugin';
import CopyWebpackPlugin from 'copy-webpack-plugin';
import MiniCssExtractPlugin from 'mini-css-extract-plugin';
import CssMinimizerPlugin from 'css-minimizer-webpack-plugin';
import CompressionPlugin from 'compression-webpack-plugin';
import reactRefreshTransformer from 'react-refresh-typescript';
import ReactRefreshPlugin from '@pmmmwh/react-refresh-webpack-plugin';
import type { AppBuild } from '../webpack.common';
import { resolveOptions, sharedLibrariesChunk, sharedSingletons } from './sharing';

const root = path.resolve(__dirname, '..');

/** A remote exposes each file of `src/exposes/`: `src/exposes/CartPage.ts` is `./CartPage`. */
export function exposesIn(appDir: string): Record<string, string> {
  const dir = path.join(appDir, 'src', 'exposes');
  return Object.fromEntries(
    readdirSync(dir)
      .filter((file) => /\.tsx?$/.test(file) && !file.includes('.test.'))
      .sort()
      .map((file) => [`./${file.replace(/\.tsx?$/, '')}`, `./src/exposes/${file}`]),
  );
}

/** What an app's browser and server builds (webpack.common.ts, webpack/server.ts) share. */
export function appBuildBase({ appDir, federationName, production }: AppBuild, name: 'browser' | 'server') {
  const mode = production ? 'production' : 'development';
  return {
    name,
    mode,
    context: appDir,
    resolve: resolveOptions(production),
    module: { rules: moduleRules(production, federationName, name) },
    cache: buildCache(`${federationName}-${name}-${mode}`, path.join(appDir, 'webpack.config.ts')),
    performance: { hints: false },
    stats: production ? 'errors-warnings' : 'minimal',
  } satisfies Configuration;
}

/** The federation options both builds of an app share. */
export function federationBase(appDir: string, name: string) {
  return {
    name,
    // Remotes are registered at run time from the host's remotes.json, never baked in.
    remotes: {},
    shared: sharedSingletons(appDir),
    // Use what the page already has: one dead remote cannot blank the site.
    shareStrategy: 'loaded-first' as const,
    // The type plugin fetches remote types over the network; contracts live in @maison/shared.
    dts: false,
  };
}

/** TypeScript, CSS and image rules for every app. Production extracts CSS to files (strict CSP). */
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
        // Development: each component registered with Fast Refresh (fastRefreshPlugins).
        ...(production || server ? {} : { getCustomTransformers: () => ({ before: [reactRefreshTransformer()] }) }),
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
    ...(production ? [new MiniCssExtractPlugin({ filename: '[name].[contenthash:10].css' })] : []),
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
    definePlugin(options.define),
    ...options.publicDirs.filter((dir) => existsSync(dir)).map((dir) => new CopyWebpackPlugin({ patterns: [{ from: dir }] })),
    ...(production ? [precompression()] : []),
  ];
}

/** Build-time constants, each as its JSON (a missing value as ''). */
export function definePlugin(define: Record<string, unknown> = {}) {
  return new webpack.DefinePlugin(Object.fromEntries(Object.entries(define).map(([key, value]) => [key, JSON.stringify(value ?? '')])));
}

/** Warm rebuilds reuse what did not change; editing a config file (`configFile`, webpack/, …) starts from scratch. */
export function buildCache(name: string, configFile?: string): Configuration['cache'] {
  return {
    type: 'filesystem',
    name,
    cacheDirectory: path.join(root, 'node_modules', '.cache', 'webpack'),
    buildDependencies: {
      config: [
        path.join(root, 'webpack.common.ts'),
        ...readdirSync(__dirname).map((file) => path.join(__dirname, file)),
        ...(configFile ? [configFile] : []),
        path.join(root, 'apps.json'),
        path.join(root, 'tsconfig.base.json'),
      ],
    },
  };
}

export function productionOptimization({ sharedLibraries }: { sharedLibraries?: boolean } = {}): Configuration['optimization'] {
  // All of the host's CSS in one file, linked from every page's head. Why: docs/decisions/build-and-render.md#one-stylesheet
  const styles = { type: 'css/mini-extract', name: 'styles', chunks: 'all' as const, enforce: true, priority: 10 };
  return {
    moduleIds: 'deterministic',
    minimizer: ['...', new CssMinimizerPlugin()],
    ...(sharedLibraries ? { splitChunks: { cacheGroups: { sharedLibraries: sharedLibrariesChunk(), styles } } } : {}),
  };
}

/** A remote's server build (webpack/server.ts), in this folder of its dist, published with it. */
export const SERVER_DIR = 'server';
export const ASSET_FILENAME = 'assets/[name].[contenthash:10][ext]';

export function outputOptions(production: boolean, outDir: string, uniqueName: string, { isHost = false } = {}): Configuration['output'] {
  return {
    path: outDir,
    // 'auto': a remote's chunks load from wherever its entry came from; the host is the site's root.
    publicPath: isHost ? '/' : 'auto',
    uniqueName,
    filename: production ? '[name].[contenthash:10].js' : '[name].js',
    // Hashed in development too: a facade's chunk and the plugin's copy of it share a name.
    chunkFilename: production ? '[name].[contenthash:10].js' : '[name].[contenthash:8].js',
    assetModuleFilename: ASSET_FILENAME,
    // CORS, so a remote's errors reach the page with file and stack, not "Script error.".
    crossOriginLoading: 'anonymous',
    // The server build's folder is another compiler's output.
    clean: { keep: (file: string) => file.startsWith(`${SERVER_DIR}/`) },
  };
}

/** `<file>.br` beside each text file of 1 KiB or more. Why: docs/decisions/precompression.md. */
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

/** React Fast Refresh for `npm start`, with one refresh runtime shared by all apps in the page. */
// Why: docs/decisions/build-and-render.md#fast-refresh
const SHARED_REFRESH_RUNTIME = path.join(__dirname, 'sharedRefreshRuntime.cjs');
/** The runtime as the plugin's code asks for it: by package path, and by file from its loader. */
const REFRESH_RUNTIME_REQUEST = /^react-refresh\/runtime$|[\\/]node_modules[\\/]react-refresh[\\/]runtime\.js$/;

/** Development plugins of an app (its federation name keeps its components apart from other apps'). */
export function fastRefreshPlugins(app: string) {
  // Every request for react-refresh's runtime (but the shared module's own) goes to the shared module.
  const sharedRuntime = (compiler: Compiler) =>
    compiler.hooks.normalModuleFactory.tap('SharedRefreshRuntimePlugin', (factory) => {
      factory.hooks.beforeResolve.tap('SharedRefreshRuntimePlugin', (resolveData) => {
        if (REFRESH_RUNTIME_REQUEST.test(resolveData.request) && resolveData.contextInfo.issuer !== SHARED_REFRESH_RUNTIME)
          resolveData.request = `${SHARED_REFRESH_RUNTIME}?${app}`;
      });
    });
  // No overlay of the plugin's own: webpack-dev-server's client shows build errors.
  return [new ReactRefreshPlugin({ overlay: false }), sharedRuntime];
}
