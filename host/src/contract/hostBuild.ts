/** What a host build hands the servers and the publish (deploy/src/builds/hostBuild.ts): its files' names, routes.json and page-shell.json. */
import * as v from 'valibot';
import type { RemoteName } from '@maison/shared';
import { REMOTE_NAME } from './names.ts';

export const HOST_BUILD_FILES = {
  routes: 'routes.json',
  shell: 'page-shell.json',
  /** Beside dist: the renderer, a CommonJS library (entry `render`, so render.cjs). */
  rendererDir: 'dist-server',
  rendererEntry: 'render',
  renderer: 'render.cjs',
} as const;

/** Where the renderer tells each remote's server build the folder its browser build is served from. */
export const SERVER_PUBLIC_PATHS_GLOBAL = '__MAISON_REMOTE_PUBLIC_PATHS__';

const text = v.pipe(v.string('must be text'), v.nonEmpty('must not be empty'));
const remoteName = v.custom<RemoteName>((value) => typeof value === 'string' && REMOTE_NAME.test(value), 'must be a remote name');

const NOT_FOUND_PAGE = v.variant('page', [
  v.object({ page: v.literal('not-found'), shows: v.literal('path') }),
  v.object({ page: v.literal('product-not-found'), shows: v.literal('parameter') }),
]);
export type NotFoundPage = v.InferOutput<typeof NOT_FOUND_PAGE>;

const SERVED_ROUTE = v.object({
  path: v.string('must be text'),
  pattern: text,
  remotes: v.array(remoteName, 'must be a list of remotes'),
  personal: v.optional(v.literal(true)),
  notFound: v.optional(NOT_FOUND_PAGE),
});
export type ServedRoute = v.InferOutput<typeof SERVED_ROUTE>;

export const ROUTE_TABLE = v.pipe(v.array(SERVED_ROUTE, 'must be a list of routes'), v.nonEmpty('must list a route'));

const attributeValue = v.nullish(v.union([v.string(), v.boolean()]));

/** page-shell.json: the host's page as data. */
export const PAGE_SHELL = v.object({
  /** Pages are served only beside the host build that rendered them. */
  hostBuild: text,
  version: text,
  /** index.html's head tags, in order: meta, icon, stylesheets, preloads, main.js. */
  headTags: v.array(v.object({ tagName: text, attributes: v.record(v.string(), attributeValue) }), 'must be a list of head tags'),
  /** A rendered page's body starts with it, inline (host/src/boot/). */
  bootScript: text,
  stylesheets: v.record(v.string(), v.string(), 'must map each stylesheet to its text'),
});
export type PageShell = v.InferOutput<typeof PAGE_SHELL>;
