#!/usr/bin/env node
/**
 * npm run nginx:config: the nginx configuration for production, to include in nginx's http {}
 * block. Written once per machine (it depends on apps.json and where the answerer listens, never
 * on what is published): run the answerer with `npm run serve -- --sockets DIR` and point this at
 * the same folder.
 *
 *   npm run nginx:config -- --sockets /run/maison [--cache-dir /var/cache/nginx/maison] [--out FILE]
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { APPS } from '../../../apps.mts';
import { frontConfig } from '../servers/nginx.ts';
import { fail, parseOptions } from './options.ts';

const USAGE = 'npm run nginx:config -- --sockets DIR [--cache-dir DIR] [--out FILE]';
const { values } = parseOptions('nginx:config', USAGE, {
  sockets: { type: 'string' },
  'cache-dir': { type: 'string' },
  out: { type: 'string' },
});
if (!values.sockets) fail('nginx:config', `--sockets is where the answerer listens\nusage: ${USAGE}`);
const config = frontConfig({
  apps: APPS,
  answererOf: (app) => `unix:${path.resolve(values.sockets!, `${app.name}.sock`)}`,
  cacheDir: path.resolve(values['cache-dir'] ?? '/var/cache/nginx/maison'),
});
if (values.out) writeFileSync(values.out, config);
else process.stdout.write(config);
