#!/usr/bin/env node
/**
 * Serves the four production builds on their ports, by the production hosting rules
 * (deploy/hosting-rules.ts, applied in static-server.mjs).
 *
 *   npm run serve                                   all four apps, remotes.json from deploy/remotes.local.json
 *   npm run serve -- --only host,catalog            a subset
 *   npm run serve -- --remotes path/remotes.json    another environment's remotes.json
 *   SERVE_SOURCE_MAPS=1 npm run serve               also publish the source maps (debugging only)
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { APPS } from './apps.mjs';
import { serveDist } from './static-server.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const option = (name) => {
  const index = process.argv.indexOf(name);
  return index > -1 ? process.argv[index + 1] : undefined;
};
const only = option('--only') ? new Set(option('--only').split(',')) : null;
const remotesFile = path.resolve(option('--remotes') ?? path.join(root, 'deploy', 'remotes.local.json'));

const servers = [];
for (const { name, dir, port } of APPS.filter((app) => !only || only.has(app.name))) {
  try {
    servers.push(
      await serveDist({
        name,
        dist: path.join(root, dir, 'dist'),
        port,
        remotesFile,
        isRemote: name !== 'host',
        serveSourceMaps: process.env.SERVE_SOURCE_MAPS === '1',
      }),
    );
    console.log(`[serve] ${name.padEnd(7)} http://localhost:${port}  (${dir}/dist)`);
  } catch (error) {
    console.error(`[serve] ${error.message}`);
    process.exit(1);
  }
}
console.log(`[serve] remotes.json: ${path.relative(process.cwd(), remotesFile) || remotesFile}`);
const stop = () => {
  servers.forEach((server) => server.close());
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
