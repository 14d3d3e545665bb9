/**
 * One app's production build served as production serves it, by the rules in
 * deploy/hosting-rules.ts (nginx gets the same rules from deploy/nginx/render.mjs).
 * Used by `npm run serve` (the four apps), the browser tests and the benchmark.
 */
import { existsSync, readFileSync, realpathSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import express from 'express';
import compression from 'compression';
import {
  cacheControl,
  corsHeaders,
  isNavigation,
  isSourceMap,
  navigationAnswer,
  preloadLinkFor,
  preloadLinks,
  securityHeaders,
  servedRemotes,
} from '../deploy/hosting-rules.ts';
import { CURRENT, currentGeneration, servableRender, SOURCE_FILE } from '../deploy/environment.ts';
import { withShownText } from '../host/src/server/notFoundText.ts';
import { REMOTE_NAMES } from './apps.mjs';

/**
 * The environment as served (deploy/environment.ts): the current generation's remotes.json and
 * rendered pages, and what the rules derive from them (security headers, preload hints). Re-read
 * when `current` switches to another generation (a publish), so a deploy needs no restart; before
 * the first publish, the environment's own remotes.json and no pages. Pages are served only when
 * the host build that rendered them is the one served (a host deploy needs a new render).
 */
function watchedEnvironment(env, routes, hostBuild) {
  let cached = { key: undefined };
  return () => {
    const link = path.join(env, CURRENT);
    const key = existsSync(link) ? realpathSync(link) : `${SOURCE_FILE}@${statSync(path.join(env, SOURCE_FILE)).mtimeMs}`;
    if (key !== cached.key) {
      const published = currentGeneration(env);
      const text = published?.remotesJson ?? readFileSync(path.join(env, SOURCE_FILE), 'utf8');
      const served = servedRemotes(text, REMOTE_NAMES);
      const render = servableRender(published, hostBuild);
      cached = { key, text, dir: published?.dir, render, headers: securityHeaders(served), links: preloadLinks(routes, served.locations) };
    }
    return cached;
  };
}

/**
 * Starts serving `dist` on `port`; resolves with the http.Server once it listens.
 * - `env`: the environment's folder. The host serves its remotes.json at /remotes.json, its
 *   rendered pages, sitemap and robots.txt, and every app's Content-Security-Policy allows the
 *   origins its remotes.json names.
 * - `isRemote`: a federated remote, whose files the shop's page reads across origins (CORS).
 * - `serveSourceMaps`: publish the `.map` files (never in production).
 */
export function serveDist({ name, dist, port, env, isRemote = false, serveSourceMaps = false }) {
  const page = path.join(dist, 'index.html');
  const hasPage = existsSync(page);
  if (!hasPage && !existsSync(path.join(dist, 'mf-manifest.json'))) {
    throw new Error(`${dist} is not built: run "npm run build" first.`);
  }
  if (!existsSync(path.join(env, SOURCE_FILE)) && !existsSync(path.join(env, CURRENT))) throw new Error(`${env} has no ${SOURCE_FILE}`);
  // The host build's route table (routes.json) and its page (page-shell.json, its build).
  const readJson = (file, fallback) =>
    existsSync(path.join(dist, file)) ? JSON.parse(readFileSync(path.join(dist, file), 'utf8')) : fallback;
  const routes = readJson('routes.json', []);
  const environment = watchedEnvironment(env, routes, readJson('page-shell.json', {}).hostBuild);

  const app = express();
  app.disable('x-powered-by');
  app.use(compression());
  app.use((_req, res, next) => {
    res.set(environment().headers);
    next();
  });

  const notFound = (req, res) => {
    res.set({ ...corsHeaders({ isRemote, pathname: req.path }), 'Cache-Control': 'no-cache' });
    res.status(404).type('text/plain').send('Not found\n');
  };

  if (hasPage) {
    app.get('/remotes.json', (_req, res) => {
      res.set('Cache-Control', cacheControl('/remotes.json')).type('application/json').send(environment().text);
    });
    for (const file of ['sitemap.xml', 'robots.txt']) {
      app.get(`/${file}`, (req, res) => {
        const { dir } = environment();
        if (!dir || !existsSync(path.join(dir, file))) return notFound(req, res);
        res.set('Cache-Control', cacheControl(`/${file}`)).sendFile(file, { root: dir });
      });
    }
  }
  app.use((req, res, next) => (isSourceMap(req.path) && !serveSourceMaps ? notFound(req, res) : next()));
  app.use(
    express.static(dist, {
      // The host's `/` is a navigation like any other (below); a remote has no page.
      index: false,
      redirect: false,
      setHeaders(res, filePath) {
        const pathname = `/${path.relative(dist, filePath).split(path.sep).join('/')}`;
        res.set({ 'Cache-Control': cacheControl(pathname), ...corsHeaders({ isRemote, pathname }) });
      },
    }),
  );
  // A browser navigation that is not a file is answered by the rules (hosting-rules.ts,
  // navigationAnswer): a rendered page, a redirect, a not-found page, or the shop's page;
  // anything else that is not a file is a real 404.
  app.use((req, res) => {
    if (!hasPage || !isNavigation(req.method, req.get('accept'), req.path)) return notFound(req, res);
    const { dir, render, links } = environment();
    const query = req.originalUrl.includes('?') ? req.originalUrl.slice(req.originalUrl.indexOf('?') + 1) : '';
    const answer = navigationAnswer({ path: req.path, query, cookie: req.get('cookie'), routes, render });
    // Rendered pages differ by the language cookie.
    res.set({ 'Cache-Control': cacheControl('/index.html'), Vary: 'Cookie' });
    if (answer.kind === 'redirect') return res.redirect(answer.status, answer.location);
    // Relative to the generation (`root`): its own path may hold a dot folder, which send refuses.
    if (answer.kind === 'page') return res.type('html').sendFile(answer.file, { root: dir });
    if (answer.kind === 'not-found') {
      return res
        .status(answer.status)
        .type('html')
        .send(withShownText(readFileSync(path.join(dir, answer.file), 'utf8'), answer.shows));
    }
    // The shop's page renders in the browser: it names the route's remote files to download at once.
    const link = preloadLinkFor(req.path, links);
    if (link) res.set('Link', link);
    res.status(answer.status).sendFile('index.html', { root: dist });
  });
  // A request express cannot serve (a malformed path it refuses) is a 400; a navigation gets the
  // shop's page with it, whose router shows its own 404 page. (A path like /%zz reaches the
  // rules above here and gets the 404 page; nginx refuses it with a 400 and the shop's page.)
  app.use((error, req, res, _next) => {
    res.status(error.status && error.status < 500 ? error.status : 400).set('Cache-Control', 'no-cache');
    if (hasPage && isNavigation(req.method, req.get('accept'), req.path)) return res.sendFile('index.html', { root: dist });
    res.type('text/plain').send('Bad request\n');
  });

  return new Promise((resolve, reject) => {
    const server = app.listen(port, () => resolve(server));
    server.on('error', (error) => reject(new Error(`${name} could not listen on ${port}: ${error.message}`)));
  });
}

// One app from the command line (the deploy test serves remote builds this way):
//   node scripts/static-server.mjs --dist DIR --port N --env ENVIRONMENT [--remote]
if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const option = (name) => {
    const index = process.argv.indexOf(name);
    return index > -1 ? process.argv[index + 1] : undefined;
  };
  const dist = path.resolve(option('--dist'));
  const port = Number(option('--port'));
  await serveDist({ name: dist, dist, port, env: path.resolve(option('--env')), isRemote: process.argv.includes('--remote') });
  console.log(`listening on ${port}`);
}
