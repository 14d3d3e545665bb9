#!/usr/bin/env node
/**
 * Serves the four production builds with the system's nginx and the configuration from
 * deploy/nginx (rendered for this checkout and an environment), on the same ports as `npm run
 * serve`, and in the same order: the remotes first; then the environment's pages are rendered
 * from them and published (scripts/render.mjs); then the configuration is rendered again from
 * that publish and nginx reloads it, serving the host too. Used by the browser tests' nginx
 * stage (E2E_SERVER=nginx) and to try the production setup locally.
 *
 *   npm run serve:nginx                   the local environment (deploy/local)
 *   npm run serve:nginx -- --env DIR      another environment's folder
 *   npm run serve:nginx -- --no-render    serve what the environment last published, as it is
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { renderNginxConfig } from '../deploy/nginx/render.mjs';
import { LOCAL_ENVIRONMENT_DIR } from '../deploy/environment.ts';
import { APPS, REMOTE_NAMES } from './apps.mjs';
import { renderEnvironment } from './render.mjs';
import { findNginx } from './system-packages.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const envIndex = process.argv.indexOf('--env');
const env = path.resolve(envIndex > -1 ? process.argv[envIndex + 1] : path.join(root, LOCAL_ENVIRONMENT_DIR));
const render = !process.argv.includes('--no-render');
const HOST = APPS.find(({ name }) => name === 'host');

/** nginx's own mime.types, beside the configuration it was built with. */
function mimeTypes(nginx) {
  const version = spawnSync(nginx, ['-V'], { encoding: 'utf8' });
  const confPath = /--conf-path=(\S+)/.exec(`${version.stdout}${version.stderr}`)?.[1] ?? '/etc/nginx/nginx.conf';
  return path.join(path.dirname(confPath), 'mime.types');
}

/** Resolves once every app in `apps` answers on its port (any status), or rejects after `ms`. */
async function answering(apps, ms = 15_000) {
  const deadline = Date.now() + ms;
  for (const { name, port } of apps) {
    for (;;) {
      try {
        await fetch(`http://127.0.0.1:${port}/`, { signal: AbortSignal.timeout(1000) });
        break;
      } catch {
        if (Date.now() > deadline) throw new Error(`${name} does not answer on ${port}`);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    }
  }
}

{
  const nginx = findNginx();
  if (!nginx) {
    console.error('[nginx] nginx not found: install it (Debian: apt-get install -y nginx) or set NGINX_PATH.');
    process.exit(1);
  }
  const prefix = mkdtempSync(path.join(os.tmpdir(), 'maison-nginx-'));
  mkdirSync(path.join(prefix, 'logs'));
  const configFile = path.join(prefix, 'maison-khan.conf');
  // Without a render the configuration is final at once; with one, the host waits for it.
  const writeConfig = (only) => writeFileSync(configFile, renderNginxConfig({ root, env, only }));
  writeConfig(render ? REMOTE_NAMES : undefined);
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
  const checked = () => {
    const check = spawnSync(nginx, ['-t', ...args], { encoding: 'utf8' });
    if (check.status !== 0) console.error(check.stderr);
    return check.status === 0;
  };
  if (!checked()) process.exit(1);
  const server = spawn(nginx, args, { stdio: 'inherit' });
  const stop = () => server.kill('SIGQUIT');
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  server.on('exit', (code) => {
    rmSync(prefix, { recursive: true, force: true });
    process.exit(code ?? 0);
  });

  if (render) {
    await answering(APPS.filter(({ name }) => name !== 'host'));
    try {
      await renderEnvironment({ env, log: (line) => console.log(line) });
    } catch (error) {
      console.error(`[nginx] the pages could not be rendered (${error.message}): every page is client-rendered`);
    }
    // What the publish changed (redirects, languages, whether pages are served) is in the configuration.
    writeConfig();
    if (!checked()) {
      stop();
    } else {
      server.kill('SIGHUP');
      await answering([HOST]);
    }
  }
  console.log(`[nginx] serving on the ports in apps.json with ${configFile} (environment: ${path.relative(process.cwd(), env) || env})`);
}
