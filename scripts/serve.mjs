#!/usr/bin/env node
/**
 * Serves the four production builds on their ports, by the production hosting rules
 * (deploy/hosting-rules.ts, applied in static-server.mjs), for an environment (deploy/environment.ts).
 * The remotes start first; then the environment's pages are rendered from them and published
 * (scripts/render.mjs), so the host answers with pages rendered from the builds it serves.
 *
 *   npm run serve                         all four apps, the local environment (deploy/local)
 *   npm run serve -- --only host,catalog  a subset
 *   npm run serve -- --env DIR            another environment's folder (its remotes.json)
 *   npm run serve -- --no-render          serve what the environment last published, as it is
 *   SERVE_SOURCE_MAPS=1 npm run serve     also publish the source maps (debugging only)
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { APPS } from './apps.mjs';
import { serveDist } from './static-server.mjs';
import { renderEnvironment } from './render.mjs';
import { LOCAL_ENVIRONMENT_DIR } from '../deploy/environment.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const option = (name) => {
  const index = process.argv.indexOf(name);
  return index > -1 ? process.argv[index + 1] : undefined;
};
const only = option('--only') ? new Set(option('--only').split(',')) : null;
const env = path.resolve(option('--env') ?? path.join(root, LOCAL_ENVIRONMENT_DIR));
const apps = APPS.filter((app) => !only || only.has(app.name));

const servers = [];
const serve = async ({ name, dir, port }) => {
  try {
    servers.push(
      await serveDist({
        name,
        dist: path.join(root, dir, 'dist'),
        port,
        env,
        isRemote: name !== 'host',
        serveSourceMaps: process.env.SERVE_SOURCE_MAPS === '1',
      }),
    );
    console.log(`[serve] ${name.padEnd(7)} http://localhost:${port}  (${dir}/dist)`);
  } catch (error) {
    console.error(`[serve] ${error.message}`);
    process.exit(1);
  }
};

for (const app of apps.filter(({ name }) => name !== 'host')) await serve(app);
const host = apps.find(({ name }) => name === 'host');
if (host) {
  if (!process.argv.includes('--no-render')) {
    try {
      await renderEnvironment({ env, log: (line) => console.log(line) });
    } catch (error) {
      console.error(`[serve] the pages could not be rendered (${error.message}): every page is client-rendered`);
    }
  }
  await serve(host);
}
console.log(`[serve] environment: ${path.relative(process.cwd(), env) || env}`);
const stop = () => {
  servers.forEach((server) => server.close());
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
