#!/usr/bin/env node
/** npm run nginx:config: nginx's production configuration, for its http {} block (docs/operations.md, "Serving"). */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { APPS } from '../../../apps.mts';
import { frontConfig } from '../servers/nginx.ts';
import { parseOptions, socketOf } from './options.ts';

const { values, misused } = parseOptions('nginx:config', 'npm run nginx:config -- --sockets DIR [--cache-dir DIR] [--out FILE]', {
  sockets: { type: 'string', help: 'where the answerer listens (npm run serve -- --sockets DIR)' },
  'cache-dir': { type: 'string', help: "nginx's cache (default /var/cache/nginx/maison)" },
  out: { type: 'string', help: 'the file to write (default: standard output)' },
});
if (!values.sockets) misused('--sockets is where the answerer listens');
const config = frontConfig({
  apps: APPS,
  answererOf: (app) => `unix:${socketOf(path.resolve(values.sockets!), app)}`,
  cacheDir: path.resolve(values['cache-dir'] ?? '/var/cache/nginx/maison'),
});
if (values.out) writeFileSync(values.out, config);
else process.stdout.write(config);
