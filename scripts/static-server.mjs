/**
 * One app's production build served as production serves it, by the rules in
 * deploy/hosting-rules.mjs (nginx gets the same rules from deploy/nginx/render.mjs).
 * Used by `npm run serve` (the four apps), the browser tests and the benchmark.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import express from 'express';
import compression from 'compression';
import { cacheControl, corsHeaders, isNavigation, isSourceMap, remoteOriginsOf, securityHeaders } from '../deploy/hosting-rules.mjs';

/** remotes.json as it is on disk now: re-read when the file changes, so a deploy needs no restart. */
function watchedJson(file) {
  let cached = { mtimeMs: -1, text: '' };
  return () => {
    const { mtimeMs } = statSync(file);
    if (mtimeMs !== cached.mtimeMs) cached = { mtimeMs, text: readFileSync(file, 'utf8') };
    return cached.text;
  };
}

function parsedOrNull(text) {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
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
  const remotesText = remotesFile ? watchedJson(remotesFile) : () => '{}';

  const app = express();
  app.disable('x-powered-by');
  app.use(compression());
  app.use((_req, res, next) => {
    res.set(securityHeaders(remoteOriginsOf(parsedOrNull(remotesText()))));
    next();
  });

  const notFound = (req, res) => {
    res.set({ ...corsHeaders({ isRemote, pathname: req.path }), 'Cache-Control': 'no-cache' });
    res.status(404).type('text/plain').send('Not found\n');
  };

  if (remotesFile && hasPage) {
    app.get('/remotes.json', (_req, res) => {
      res.set('Cache-Control', cacheControl('/remotes.json')).type('application/json').send(remotesText());
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
      },
    }),
  );
  // Whatever the path holds, a browser navigation that is not a file gets the shop, whose router
  // shows its own 404 page; anything else that is not a file is a real 404.
  app.use((req, res) => {
    if (!hasPage || !isNavigation(req.method, req.get('accept'))) return notFound(req, res);
    res.set('Cache-Control', cacheControl('/index.html'));
    res.sendFile(page);
  });
  // Malformed requests (e.g. an undecodable %-sequence) end the same way, never in a stack trace.
  app.use((error, req, res, _next) => {
    if (hasPage && isNavigation(req.method, req.get('accept'))) return res.status(200).set('Cache-Control', 'no-cache').sendFile(page);
    res.status(error.status ?? 400).type('text/plain').send('Bad request\n');
  });

  return new Promise((resolve, reject) => {
    const server = app.listen(port, () => resolve(server));
    server.on('error', (error) => reject(new Error(`${name} could not listen on ${port}: ${error.message}`)));
  });
}
