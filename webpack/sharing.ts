/** How the apps share libraries through module federation. */
import path from 'node:path';
import type { Configuration } from 'webpack';
import { readPackage } from './buildInfo';

const root = path.resolve(__dirname, '..');

/** One copy each in the page; deep entry points are listed, as 'react' does not share 'react/jsx-runtime'. */
// Why: docs/decisions/build-and-render.md#facades
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

/** The packages the singletons are made of: each one's own dependencies that run with it. */
const SINGLETON_PARTS = ['scheduler', 'react-router', 'redux', 'redux-thunk', 'immer', 'reselect', 'use-sync-external-store'];

/** The host provides every shared library in one chunk. */
// Why: docs/decisions/build-and-render.md#one-shared-chunk
export function sharedLibrariesChunk() {
  const packages = [...new Set([...SINGLETONS.map(({ packageName }) => packageName), ...SINGLETON_PARTS])].filter(
    (name) => name !== '@maison/shared',
  );
  const escaped = packages.map((name) => name.replace(/[/.]/g, '\\$&'));
  return {
    test: new RegExp(`[\\\\/](?:node_modules[\\\\/](?:${escaped.join('|')})|shared[\\\\/]src)[\\\\/]`),
    name: 'shared-libraries',
    chunks: 'async' as const,
    enforce: true,
  };
}

/** The facades: package → its file in shared/src/facades/. */
export const FACADES: Record<string, string> = Object.fromEntries(
  SINGLETONS.flatMap(({ packageName, facade }) => (facade ? [[packageName, facade]] : [])),
);

const UNSHARED_SOURCES = ['@reduxjs/toolkit', 'react-redux'];

/** Production builds alias react-router to its production files (its exports point at the dev build). */
export function resolveOptions(production: boolean): Configuration['resolve'] {
  const routerDist = path.join(path.dirname(require.resolve('react-router/package.json')), 'dist', 'production');
  return {
    extensions: ['.tsx', '.ts', '.js'],
    alias: {
      // A facade imports its package through this prefix, not from the share scope (itself).
      ...Object.fromEntries(UNSHARED_SOURCES.map((name) => [`@maison/unshared/${name}$`, name])),
      ...(production
        ? { 'react-router$': path.join(routerDist, 'index.mjs'), 'react-router/dom$': path.join(routerDist, 'dom-export.mjs') }
        : {}),
    },
  };
}

export function sharedSingletons(appDir: string) {
  // The versions shared/ and the app ask for, peer and own (the app's win).
  const packages = [readPackage(path.join(root, 'shared')), readPackage(appDir)];
  const deps = Object.fromEntries(packages.flatMap((json) => Object.entries({ ...json.peerDependencies, ...json.dependencies })));
  return Object.fromEntries(
    SINGLETONS.map(({ request, packageName, facade }) => {
      const requiredVersion = deps[packageName];
      if (!requiredVersion) throw new Error(`${appDir}/package.json must depend on ${packageName} (a shared singleton)`);
      const shared = { singleton: true, requiredVersion, strictVersion: false };
      if (!facade) return [request, shared];
      const { version } = readPackage(path.dirname(require.resolve(`${packageName}/package.json`)));
      return [request, { ...shared, import: path.join(root, 'shared', 'src', 'facades', facade), shareKey: request, version }];
    }),
  );
}
