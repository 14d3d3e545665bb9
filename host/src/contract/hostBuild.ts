/**
 * What a host build hands the servers and the publish: its files' names, its route table
 * (dist/routes.json) and its page as data (dist/page-shell.json). The host build writes them
 * (host/webpack.config.ts, webpack/RenderedPagePlugin.ts, webpack/server.ts); the deploy reads them
 * through these schemas (deploy/src/builds/hostBuild.ts).
 */
import * as v from 'valibot';
import type { RemoteName } from '@maison/shared';

export const HOST_BUILD_FILES = {
  routes: 'routes.json',
  shell: 'page-shell.json',
  /** Beside dist: the renderer, a CommonJS library whose entry is `render` (so render.cjs). */
  rendererDir: 'dist-server',
  rendererEntry: 'render',
  renderer: 'render.cjs',
} as const;

/** Where the renderer tells each remote's server build the folder its browser build is served from. */
export const SERVER_PUBLIC_PATHS_GLOBAL = '__MAISON_REMOTE_PUBLIC_PATHS__';

const text = v.pipe(v.string('must be text'), v.nonEmpty('must not be empty'));
const remoteName = v.custom<RemoteName>(
  (value) => typeof value === 'string' && /^[a-z][a-z0-9-]{0,31}$/.test(value),
  'must be a remote name',
);

/** A route's not-found page, and what it shows of the address. */
export const NOT_FOUND_PAGE = v.variant('page', [
  v.object({ page: v.literal('not-found'), shows: v.literal('path') }),
  v.object({ page: v.literal('product-not-found'), shows: v.literal('parameter') }),
]);
export type NotFoundPage = v.InferOutput<typeof NOT_FOUND_PAGE>;

/** What the servers need of a route: its pattern, the remotes its page needs, how it is served, its not-found page. */
export const SERVED_ROUTE = v.object({
  path: v.string('must be text'),
  pattern: text,
  remotes: v.array(remoteName, 'must be a list of remotes'),
  personal: v.optional(v.literal(true)),
  notFound: v.optional(NOT_FOUND_PAGE),
});
export type ServedRoute = v.InferOutput<typeof SERVED_ROUTE>;

/** routes.json. */
export const ROUTE_TABLE = v.pipe(v.array(SERVED_ROUTE, 'must be a list of routes'), v.nonEmpty('must list a route'));

const attributeValue = v.nullish(v.union([v.string(), v.boolean()]));

/** page-shell.json: the host's page as data. */
export const PAGE_SHELL = v.object({
  /** The host build (its version and its pages' files): rendered pages must come from it to be served with it. */
  hostBuild: text,
  /** Its version, as its pages name it (their beacons, their stamp). */
  version: text,
  /** index.html's head tags, in order: meta, icon, stylesheets, preloads, main.js. */
  headTags: v.array(v.object({ tagName: text, attributes: v.record(v.string(), attributeValue) }), 'must be a list of head tags'),
  /** The boot script's text (host/src/boot/): a rendered page's body starts with it, inline. */
  bootScript: text,
  /** The text of each stylesheet the head links (the host's styles.css), by its href. */
  stylesheets: v.record(v.string(), v.string(), 'must map each stylesheet to its text'),
});
export type PageShell = v.InferOutput<typeof PAGE_SHELL>;
