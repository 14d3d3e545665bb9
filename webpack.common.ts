/**
 * One typed factory for every app's webpack config. Each app's `webpack.config.ts`
 * states only what is its own: federation name, port, exposes, runtime plugins.
 *
 * webpack-cli loads these `.ts` files through tsx (`NODE_OPTIONS=--import=tsx` in each
 * app's npm scripts): Node 20 cannot import TypeScript by itself.
 */
import path from 'node:path';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import type { Configuration } from 'webpack';
import webpack from 'webpack';
import type { Configuration as DevServerConfiguration } from 'webpack-dev-server';
import HtmlWebpackPlugin from 'html-webpack-plugin';
import CopyWebpackPlugin from 'copy-webpack-plugin';
import MiniCssExtractPlugin from 'mini-css-extract-plugin';
import CssMinimizerPlugin from 'css-minimizer-webpack-plugin';
import { ModuleFederationPlugin } from '@module-federation/enhanced/webpack';

export interface AppBuildOptions {
  /** The app's folder (pass `__dirname` of its webpack.config.ts). */
  appDir: string;
  /** Federation container name; also the CSS class prefix, so styles never collide. */
  federationName: string;
  port: number;
  /** Title of the app's own HTML page (the shop for the host, a dev frame for remotes). */
  htmlTitle: string;
  /** A remote exposes every file in its `src/exposes/` folder (see `exposesIn`). */
  exposes?: Record<string, string>;
  runtimePlugins?: string[];
  /** Build-time constants, e.g. a CDN base URL for images. */
  define?: Record<string, string | undefined>;
}

interface WebpackEnv {
  WEBPACK_SERVE?: boolean;
}
interface WebpackArgv {
  mode?: 'development' | 'production' | 'none';
}

/**
 * Exactly one copy of each of these may run in the page. Deep entry points are listed
 * explicitly: sharing 'react' does not share 'react/jsx-runtime'.
 *
 * A shared package is never tree-shaken (its consumers are unknown when it is built), so the
 * three libraries the shop uses a small part of are shared through a facade in
 * `shared/src/vendor/` that re-exports only that part: still one singleton per share key,
 * at half the bytes for the router. react-router itself is not shared: it lives inside the
 * react-router-dom facade, and no app imports it directly (ESLint).
 */
const SINGLETONS: Array<{ request: string; packageName: string; facade?: string }> = [
  { request: 'react', packageName: 'react' },
  { request: 'react/jsx-runtime', packageName: 'react' },
  { request: 'react-dom', packageName: 'react-dom' },
  { request: 'react-dom/client', packageName: 'react-dom' },
  { request: 'react-router-dom', packageName: 'react-router-dom', facade: 'react-router-dom.ts' },
  { request: 'react-redux', packageName: 'react-redux', facade: 'react-redux.ts' },
  { request: '@reduxjs/toolkit', packageName: '@reduxjs/toolkit', facade: 'redux-toolkit.ts' },
  { request: '@maison/shared', packageName: '@maison/shared' },
];

const UNSHARED_SOURCES = ['@reduxjs/toolkit', 'react-redux'];

function installedVersion(packageName: string): string {
  return (JSON.parse(readFileSync(require.resolve(`${packageName}/package.json`), 'utf8')) as { version: string }).version;
}

/**
 * react-router's package exports point every bundler at its development build (dev warnings
 * included); production builds use the production files it ships beside them.
 */
export function resolveOptions(production: boolean): Configuration['resolve'] {
  const routerDist = path.join(path.dirname(require.resolve('react-router/package.json')), 'dist', 'production');
  return {
    extensions: ['.tsx', '.ts', '.js'],
    alias: {
      // A facade imports the package it wraps through this prefix: a plain '@reduxjs/toolkit'
      // would be consumed from the share scope, that is, from the facade itself.
      ...Object.fromEntries(UNSHARED_SOURCES.map((name) => [`@maison/unshared/${name}$`, name])),
      ...(production ? { 'react-router$': path.join(routerDist, 'index.mjs'), 'react-router/dom$': path.join(routerDist, 'dom-export.mjs') } : {}),
    },
  };
}

function readDependencies(appDir: string): Record<string, string> {
  const pkg = JSON.parse(readFileSync(path.join(appDir, 'package.json'), 'utf8')) as {
    dependencies?: Record<string, string>;
    peerDependencies?: Record<string, string>;
  };
  return { ...pkg.peerDependencies, ...pkg.dependencies };
}

export function sharedSingletons(appDir: string) {
  const deps = {
    ...readDependencies(path.join(__dirname, 'shared')),
    ...readDependencies(appDir),
  };
  return Object.fromEntries(
    SINGLETONS.map(({ request, packageName, facade }) => {
      const requiredVersion = deps[packageName];
      if (!requiredVersion) {
        throw new Error(`${appDir}/package.json must depend on ${packageName} (a shared singleton)`);
      }
      const shared = { singleton: true, requiredVersion, strictVersion: false };
      if (!facade) return [request, shared];
      const facadePath = path.join(__dirname, 'shared', 'src', 'vendor', facade);
      return [request, { ...shared, import: facadePath, shareKey: request, version: installedVersion(packageName) }];
    }),
  );
}

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
 * app's prefix, so styles never collide between apps.
 */
export function moduleRules(production: boolean, cssPrefix: string): NonNullable<Configuration['module']>['rules'] {
  return [
    {
      test: /\.tsx?$/,
      loader: 'ts-loader',
      exclude: /node_modules/,
      // Type-checking is `npm run typecheck` (one tsc for the whole repo); builds stay fast.
      options: { transpileOnly: true, configFile: path.join(__dirname, 'tsconfig.base.json') },
    },
    {
      test: /\.css$/,
      use: [
        production ? MiniCssExtractPlugin.loader : 'style-loader',
        {
          loader: 'css-loader',
          options: {
            modules: {
              auto: true,
              namedExport: false,
              exportLocalsConvention: 'as-is',
              localIdentName: production ? `${cssPrefix}-[hash:base64:6]` : `${cssPrefix}__[name]__[local]`,
            },
          },
        },
      ],
    },
    { test: /\.(svg|png|webp|jpg)$/, type: 'asset/resource' },
  ];
}

/** Plugins every build has: CSS files in production, the HTML page, build-time constants, public files. */
export function commonPlugins(
  production: boolean,
  options: { htmlTitle?: string; define?: Record<string, string | undefined>; publicDirs: string[] },
) {
  return [
    ...(production ? [new MiniCssExtractPlugin({ filename: '[name].[contenthash:10].css', chunkFilename: '[name].[contenthash:10].css' })] : []),
    ...(options.htmlTitle
      ? [
          new HtmlWebpackPlugin({
            template: path.join(__dirname, 'shared', 'index.html'),
            title: options.htmlTitle,
            chunks: ['main'],
            // Each app's own page lives at its root; absolute URLs keep deep links (/products/x) working.
            publicPath: '/',
          }),
        ]
      : []),
    new webpack.DefinePlugin(
      Object.fromEntries(Object.entries(options.define ?? {}).map(([key, value]) => [key, JSON.stringify(value ?? '')])),
    ),
    ...options.publicDirs
      .filter((dir) => existsSync(dir))
      .map((dir) => new CopyWebpackPlugin({ patterns: [{ from: dir }] })),
  ];
}

export function productionOptimization(): Configuration['optimization'] {
  // '...' keeps webpack's own JS minifier (terser) beside the CSS one.
  return { moduleIds: 'deterministic', minimizer: ['...', new CssMinimizerPlugin()] };
}

export function outputOptions(production: boolean, outDir: string, uniqueName: string): Configuration['output'] {
  return {
    path: outDir,
    // 'auto': chunks load from wherever this app's entry came from, so a remote can move
    // to another host or CDN without the host knowing.
    publicPath: 'auto',
    uniqueName,
    filename: production ? '[name].[contenthash:10].js' : '[name].js',
    chunkFilename: production ? '[name].[contenthash:10].js' : '[name].js',
    assetModuleFilename: 'assets/[name].[contenthash:10][ext]',
    clean: true,
  };
}

export function createAppConfig(options: AppBuildOptions) {
  return (env: WebpackEnv = {}, argv: WebpackArgv = {}): Configuration & { devServer?: DevServerConfiguration } => {
    const production = argv.mode === 'production';
    const { appDir, federationName } = options;
    const publicDir = path.join(appDir, 'public');

    const isRemote = options.exposes !== undefined;
    // A remote's standalone frame (its own page and store) is for its team's development
    // server; a production remote is only its container: remoteEntry.js, manifest, exposes.
    const standalonePage = !isRemote || !production;

    return {
      mode: production ? 'production' : 'development',
      context: appDir,
      entry: standalonePage ? { main: './src/index.ts' } : {},
      // Production maps are written for error tracking but not referenced from the bundles;
      // the servers refuse to publish them.
      devtool: production ? 'hidden-source-map' : 'eval-cheap-module-source-map',
      output: outputOptions(production, path.join(appDir, 'dist'), federationName),
      resolve: resolveOptions(production),
      module: { rules: moduleRules(production, federationName) },
      plugins: [
        new ModuleFederationPlugin({
          name: federationName,
          filename: 'remoteEntry.js',
          exposes: options.exposes,
          // Remotes are registered at run time from the host's remotes.json, never baked in.
          remotes: {},
          shared: sharedSingletons(appDir),
          // 'loaded-first' uses what is already in the page instead of fetching every remote
          // entry at start-up to compare versions, so one dead remote cannot blank the site.
          shareStrategy: 'loaded-first',
          runtimePlugins: options.runtimePlugins,
          manifest: isRemote ? { fileName: 'mf-manifest.json' } : false,
          // The type plugin fetches remote types over the network; contracts live in @maison/shared.
          dts: false,
          experiments: {
            // Browser only: leaves out the runtime's Node.js loading code. A remote never loads
            // other remotes, so its runtime also leaves out remote loading and manifest handling.
            optimization: isRemote ? { target: 'web', disableRemote: true, disableSnapshot: true } : { target: 'web' },
            ...(isRemote && production ? { externalRuntime: true } : {}),
          },
        }),
        ...commonPlugins(production, {
          htmlTitle: standalonePage ? options.htmlTitle : undefined,
          define: options.define,
          publicDirs: [publicDir],
        }),
      ],
      optimization: production ? productionOptimization() : undefined,
      performance: { hints: false },
      stats: production ? 'errors-warnings' : 'minimal',
      devServer: {
        port: options.port,
        historyApiFallback: true,
        hot: false,
        liveReload: true,
        headers: {
          'Access-Control-Allow-Origin': '*',
          'Cache-Control': 'no-cache',
        },
        client: { overlay: { errors: true, warnings: false, runtimeErrors: false } },
        static: existsSync(publicDir) ? { directory: publicDir, watch: true } : false,
      },
    };
  };
}
