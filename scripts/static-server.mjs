/**
 * One app's production build served as a CDN would. Used by `npm run serve` (the four apps)
 * and by the benchmark (the single-bundle build).
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import express from 'express';
import compression from 'compression';

const UNCACHED = /(^|\/)(remoteEntry\.js|mf-manifest(-stats)?\.json|remotes\.json|index\.html)$/;
const HASHED = /\.[0-9a-f]{10}\.(js|css|svg|png|webp)$/;

export function cacheControl(filePath) {
  if (UNCACHED.test(filePath)) return 'no-cache';
  if (HASHED.test(filePath)) return 'public, max-age=31536000, immutable';
  return 'public, max-age=3600';
}

/** Starts serving `dist` on `port`; resolves with the http.Server once it listens. */
export function serveDist({ name, dist, port }) {
  const hasPage = existsSync(path.join(dist, 'index.html'));
  if (!hasPage && !existsSync(path.join(dist, 'mf-manifest.json'))) {
    throw new Error(`${dist} is not built: run "npm run build" first.`);
  }
  const app = express();
  app.disable('x-powered-by');
  app.use(compression());
  app.use((_req, res, next) => {
    res.setHeader('Access-Control-Allow-Origin', '*');
    next();
  });
  app.use(express.static(dist, { index: 'index.html', setHeaders: (res, filePath) => res.setHeader('Cache-Control', cacheControl(filePath)) }));
  // SPA fallback: any other GET that is not a file request gets the app's page.
  app.use((req, res, next) => {
    if (!hasPage || req.method !== 'GET' || path.extname(req.path) !== '') return next();
    res.setHeader('Cache-Control', 'no-cache');
    res.sendFile('index.html', { root: dist });
  });
  return new Promise((resolve, reject) => {
    const server = app.listen(port, () => resolve(server));
    server.on('error', (error) => reject(new Error(`${name} could not listen on ${port}: ${error.message}`)));
  });
}
