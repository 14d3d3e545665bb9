#!/usr/bin/env node
/**
 * Serves the four production builds with the system's nginx and the configuration from
 * deploy/nginx (rendered for this checkout), on the same ports as `npm run serve`. Used by
 * the browser tests' nginx stage (E2E_SERVER=nginx) and to try the production setup locally.
 *
 *   npm run serve:nginx [-- --remotes path/remotes.json]
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { renderNginxConfig } from '../deploy/nginx/render.mjs';
import { findNginx } from './system-packages.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const remotesIndex = process.argv.indexOf('--remotes');
const remotesFile = path.resolve(remotesIndex > -1 ? process.argv[remotesIndex + 1] : path.join(root, 'deploy', 'remotes.local.json'));

/** nginx's own mime.types, beside the configuration it was built with. */
function mimeTypes(nginx) {
  const version = spawnSync(nginx, ['-V'], { encoding: 'utf8' });
  const confPath = /--conf-path=(\S+)/.exec(`${version.stdout}${version.stderr}`)?.[1] ?? '/etc/nginx/nginx.conf';
  return path.join(path.dirname(confPath), 'mime.types');
}

{
  const nginx = findNginx();
  if (!nginx) {
    console.error('[nginx] nginx not found: install it (Debian: apt-get install -y nginx) or set NGINX_PATH.');
    process.exit(1);
  }
  const prefix = mkdtempSync(path.join(os.tmpdir(), 'maison-nginx-'));
  mkdirSync(path.join(prefix, 'logs'));
  writeFileSync(path.join(prefix, 'maison-khan.conf'), renderNginxConfig({ root, remotesFile }));
  writeFileSync(
    path.join(prefix, 'nginx.conf'),
    [
      'worker_processes 1;',
      'pid nginx.pid;',
      'error_log stderr warn;',
      'events { worker_connections 256; }',
      'http {',
      `    include ${mimeTypes(nginx)};`,
      '    default_type application/octet-stream;',
      '    access_log off;',
      '    sendfile on;',
      `    client_body_temp_path ${prefix}/client_body;`,
      `    proxy_temp_path ${prefix}/proxy;`,
      `    fastcgi_temp_path ${prefix}/fastcgi;`,
      `    uwsgi_temp_path ${prefix}/uwsgi;`,
      `    scgi_temp_path ${prefix}/scgi;`,
      '    include maison-khan.conf;',
      '}',
      '',
    ].join('\n'),
  );
  const args = ['-p', prefix, '-c', path.join(prefix, 'nginx.conf'), '-g', 'daemon off;'];
  const check = spawnSync(nginx, ['-t', ...args], { encoding: 'utf8' });
  if (check.status !== 0) {
    console.error(check.stderr);
    process.exit(1);
  }
  console.log(`[nginx] serving on the ports in apps.json with ${path.join(prefix, 'maison-khan.conf')} (remotes.json: ${remotesFile})`);
  const server = spawn(nginx, args, { stdio: 'inherit' });
  const stop = () => server.kill('SIGQUIT');
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  server.on('exit', (code) => {
    rmSync(prefix, { recursive: true, force: true });
    process.exit(code ?? 0);
  });
}
