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
 * explicitly: sharing 'react' does not share 'react/jsx-runtime'. react-router is listed
 * beside react-router-dom because v7's dom package re-exports it: sharing only the dom
 * package would leave two router contexts.
 */
const SINGLETONS: Array<{ request: string; packageName: string }> = [
  { request: 'react', packageName: 'react' },
  { request: 'react/jsx-runtime', packageName: 'react' },
  { request: 'react-dom', packageName: 'react-dom' },
  { request: 'react-dom/client', packageName: 'react-dom' },
  { request: 'react-router', packageName: 'react-router' },
  { request: 'react-router-dom', packageName: 'react-router-dom' },
  { request: 'react-redux', packageName: 'react-redux' },
  { request: '@reduxjs/toolkit', packageName: '@reduxjs/toolkit' },
  { request: '@maison/shared', packageName: '@maison/shared' },
];

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
    SINGLETONS.map(({ request, packageName }) => {
      const requiredVersion = deps[packageName];
      if (!requiredVersion) {
        throw new Error(`${appDir}/package.json must depend on ${packageName} (a shared singleton)`);
      }
      return [request, { singleton: true, requiredVersion, strictVersion: false }];
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

export function createAppConfig(options: AppBuildOptions) {
  return (env: WebpackEnv = {}, argv: WebpackArgv = {}): Configuration & { devServer?: DevServerConfiguration } => {
    const production = argv.mode === 'production';
    const { appDir, federationName } = options;
    const publicDir = path.join(appDir, 'public');
    const hasPublicDir = existsSync(publicDir);

    return {
      mode: production ? 'production' : 'development',
      context: appDir,
      entry: { main: './src/index.ts' },
      devtool: production ? 'source-map' : 'eval-cheap-module-source-map',
      output: {
        path: path.join(appDir, 'dist'),
        // 'auto': chunks load from wherever this app's entry came from, so a remote can move
        // to another host or CDN without the host knowing.
        publicPath: 'auto',
        uniqueName: federationName,
        filename: production ? '[name].[contenthash:10].js' : '[name].js',
        chunkFilename: production ? '[name].[contenthash:10].js' : '[name].js',
        assetModuleFilename: 'assets/[name].[contenthash:10][ext]',
        clean: true,
      },
      resolve: { extensions: ['.tsx', '.ts', '.js'] },
      module: {
        rules: [
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
              'style-loader',
              {
                loader: 'css-loader',
                options: {
                  modules: {
                    auto: true,
                    namedExport: false,
                    exportLocalsConvention: 'as-is',
                    localIdentName: production
                      ? `${federationName}-[hash:base64:6]`
                      : `${federationName}__[name]__[local]`,
                  },
                },
              },
            ],
          },
          { test: /\.(svg|png|webp|jpg)$/, type: 'asset/resource' },
        ],
      },
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
          manifest: options.exposes ? { fileName: 'mf-manifest.json' } : false,
          // The type plugin fetches remote types over the network; contracts live in @maison/shared.
          dts: false,
        }),
        new HtmlWebpackPlugin({
          template: path.join(__dirname, 'shared', 'index.html'),
          title: options.htmlTitle,
          chunks: ['main'],
          // Each app's own page lives at its root; absolute URLs keep deep links (/products/x) working.
          publicPath: '/',
        }),
        new webpack.DefinePlugin(
          Object.fromEntries(
            Object.entries(options.define ?? {}).map(([key, value]) => [key, JSON.stringify(value ?? '')]),
          ),
        ),
        ...(hasPublicDir
          ? [new CopyWebpackPlugin({ patterns: [{ from: publicDir, }] })]
          : []),
      ],
      optimization: production ? { moduleIds: 'deterministic' } : undefined,
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
        static: hasPublicDir ? { directory: publicDir, watch: true } : false,
      },
    };
  };
}
