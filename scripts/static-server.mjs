/**
 * One app's production build served as production serves it, by the rules in
 * deploy/hosting-rules.ts (nginx gets the same rules from deploy/nginx/render.mjs).
 * Used by `npm run serve` (the four apps), the browser tests and the benchmark.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import express from 'express';
import compression from 'compression';
import {
  cacheControl,
  corsHeaders,
  isNavigation,
  isSourceMap,
  preloadLinkFor,
  preloadLinks,
  securityHeaders,
  servedRemotes,
} from '../deploy/hosting-rules.ts';
import { REMOTE_NAMES } from './apps.mjs';

/**
 * This environment's remotes.json and what the rules derive from it (security headers, the
 * pages' preload hints), re-read and re-derived only when the file changes: a deploy needs no
 * restart, and a request does no parsing.
 */
function watchedRemotes(file, routes) {
  let current = { mtimeMs: Number.NaN };
  return () => {
    const mtimeMs = file ? statSync(file).mtimeMs : 0;
    if (mtimeMs !== current.mtimeMs) {
      const text = file ? readFileSync(file, 'utf8') : '{}';
      const served = servedRemotes(text, REMOTE_NAMES);
      current = { mtimeMs, text, headers: securityHeaders(served), links: preloadLinks(routes, served.locations) };
    }
    return current;
  };
}

/**
 * Starts serving `dist` on `port`; resolves with the http.Server once it listens.
 * - `remotesFile`: this environment's remotes.json. The host serves it at /remotes.json, and
 *   every app's Content-Security-Policy allows the origins it names.
 * - `isRemote`: a federated remote, whose files the shop's page reads across origins (CORS).
 * - `serveSourceMaps`: publish the `.map` files (never in production).
 */
export function serveDist({ name, dist, port, remotesFile, isRemote = false, serveSourceMaps = false }) {
  const page = path.join(dist, 'index.html');
  const hasPage = existsSync(page);
  if (!hasPage && !existsSync(path.join(dist, 'mf-manifest.json'))) {
    throw new Error(`${dist} is not built: run "npm run build" first.`);
  }
  if (remotesFile && !existsSync(remotesFile)) throw new Error(`${remotesFile} does not exist`);
  // The host build's route table (routes.json) says which remote each route needs: the page is
  // sent with preload hints for that remote's manifest and entry.
  const routesFile = path.join(dist, 'routes.json');
  const routes = existsSync(routesFile) ? JSON.parse(readFileSync(routesFile, 'utf8')) : [];
  const remotes = watchedRemotes(remotesFile, routes);
  const setPageHeaders = (req, res) => {
    res.set('Cache-Control', cacheControl('/index.html'));
    const link = preloadLinkFor(req.path, remotes().links);
    if (link) res.set('Link', link);
  };

  const app = express();
  app.disable('x-powered-by');
  app.use(compression());
  app.use((_req, res, next) => {
    res.set(remotes().headers);
    next();
  });

  const notFound = (req, res) => {
    res.set({ ...corsHeaders({ isRemote, pathname: req.path }), 'Cache-Control': 'no-cache' });
    res.status(404).type('text/plain').send('Not found\n');
  };

  if (remotesFile && hasPage) {
    app.get('/remotes.json', (_req, res) => {
      res.set('Cache-Control', cacheControl('/remotes.json')).type('application/json').send(remotes().text);
    });
  }
  app.use((req, res, next) => (isSourceMap(req.path) && !serveSourceMaps ? notFound(req, res) : next()));
  app.use(
    express.static(dist, {
      index: 'index.html',
      redirect: false,
      setHeaders(res, filePath) {
        const pathname = `/${path.relative(dist, filePath).split(path.sep).join('/')}`;
        res.set({ 'Cache-Control': cacheControl(pathname), ...corsHeaders({ isRemote, pathname }) });
        if (pathname === '/index.html') setPageHeaders(res.req, res);
      },
    }),
  );
  // Whatever the path holds, a browser navigation that is not a file gets the shop, whose router
  // shows its own 404 page; anything else that is not a file is a real 404.
  app.use((req, res) => {
    if (!hasPage || !isNavigation(req.method, req.get('accept'))) return notFound(req, res);
    setPageHeaders(req, res);
    res.sendFile('index.html', { root: dist });
  });
  // An undecodable path (%zz, an overlong UTF-8 escape) stays a 400, as nginx answers it; a
  // navigation gets the shop's page with it, whose router shows its own 404 page.
  app.use((error, req, res, _next) => {
    res.status(error.status && error.status < 500 ? error.status : 400).set('Cache-Control', 'no-cache');
    if (hasPage && isNavigation(req.method, req.get('accept'))) return res.sendFile('index.html', { root: dist });
    res.type('text/plain').send('Bad request\n');
  });

  return new Promise((resolve, reject) => {
    const server = app.listen(port, () => resolve(server));
    server.on('error', (error) => reject(new Error(`${name} could not listen on ${port}: ${error.message}`)));
  });
}

// One app from the command line (the deploy test serves remote builds this way):
//   node scripts/static-server.mjs --dist DIR --port N [--remote] [--remotes remotes.json]
if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const option = (name) => {
    const index = process.argv.indexOf(name);
    return index > -1 ? process.argv[index + 1] : undefined;
  };
  const dist = path.resolve(option('--dist'));
  const port = Number(option('--port'));
  const remotesFile = option('--remotes') && path.resolve(option('--remotes'));
  await serveDist({ name: dist, dist, port, remotesFile, isRemote: process.argv.includes('--remote') });
  console.log(`listening on ${port}`);
}
