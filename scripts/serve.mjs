#!/usr/bin/env node
/**
 * Serves the four production builds on their ports, as a CDN would (rules in static-server.mjs).
 * Usage: npm run serve [-- --only host,catalog]
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { APPS } from './apps.mjs';
import { serveDist } from './static-server.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const onlyArg = process.argv.indexOf('--only');
const only = onlyArg > -1 ? new Set(process.argv[onlyArg + 1]?.split(',')) : null;

const servers = [];
for (const { name, dir, port } of APPS.filter((app) => !only || only.has(app.name))) {
  try {
    servers.push(await serveDist({ name, dist: path.join(root, dir, 'dist'), port }));
    console.log(`[serve] ${name.padEnd(7)} http://localhost:${port}  (${dir}/dist)`);
  } catch (error) {
    console.error(`[serve] ${error.message}`);
    process.exit(1);
  }
}
const stop = () => {
  servers.forEach((server) => server.close());
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
