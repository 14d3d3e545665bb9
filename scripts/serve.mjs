#!/usr/bin/env node
/**
 * Serves the four production builds on their ports, as a CDN would:
 * - remote entries, manifests, the host's remotes.json and HTML: `no-cache` (always revalidated),
 *   so a redeployed remote is picked up at once;
 * - content-hashed files: a year, `immutable`;
 * - everything gzip-compressed, CORS open for the remotes, SPA fallback to index.html.
 * Usage: npm run serve [-- --only host,catalog]
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import express from 'express';
import compression from 'compression';
import { APPS } from './apps.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const onlyArg = process.argv.indexOf('--only');
const only = onlyArg > -1 ? new Set(process.argv[onlyArg + 1]?.split(',')) : null;

const UNCACHED = /(^|\/)(remoteEntry\.js|mf-manifest(-stats)?\.json|remotes\.json|index\.html)$/;
const HASHED = /\.[0-9a-f]{10}\.(js|css|svg|png|webp)$/;

function cacheControl(filePath) {
  if (UNCACHED.test(filePath)) return 'no-cache';
  if (HASHED.test(filePath)) return 'public, max-age=31536000, immutable';
  return 'public, max-age=3600';
}

function serveApp({ name, dir, port }) {
  const dist = path.join(root, dir, 'dist');
  if (!existsSync(path.join(dist, 'index.html'))) {
    console.error(`[serve] ${dir}/dist is missing: run "npm run build" first.`);
    process.exit(1);
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
    if (req.method !== 'GET' || path.extname(req.path) !== '') return next();
    res.setHeader('Cache-Control', 'no-cache');
    res.sendFile(path.join(dist, 'index.html'));
  });
  const server = app.listen(port, () => console.log(`[serve] ${name.padEnd(7)} http://localhost:${port}  (${dir}/dist)`));
  server.on('error', (error) => {
    console.error(`[serve] ${name} could not listen on ${port}: ${error.message}`);
    process.exit(1);
  });
  return server;
}

const servers = APPS.filter((app) => !only || only.has(app.name)).map(serveApp);
const stop = () => {
  servers.forEach((server) => server.close());
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
