/**
 * The files of a host build that the deploy reads, named once: the build writes them
 * (host/webpack.config.ts, webpack/RenderedPagePlugin.ts, webpack/server.ts) and the deploy
 * reads them (deploy/src/builds/hostBuild.ts). In dist: the route table and the page as data
 * (facts for the servers, never handed out); beside dist: the renderer, a CommonJS library.
 */
export const HOST_BUILD_FILES = {
  routes: 'routes.json',
  shell: 'page-shell.json',
  rendererDir: 'dist-server',
  /** The renderer's entry is `render`, so its file is render.cjs. */
  rendererEntry: 'render',
  renderer: 'render.cjs',
} as const;
