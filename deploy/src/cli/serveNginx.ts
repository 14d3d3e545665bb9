#!/usr/bin/env node
/** npm run serve:nginx: production on this machine: nginx on the apps' ports, the answerer behind it on Unix sockets. */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { findNginx, frontConfig, runNginx } from '../servers/nginx.ts';
import { serveShop } from '../servers/shop.ts';
import { serveUntilStopped, servingCommand } from './serving.ts';
import { fail } from './options.ts';

const USAGE = 'npm run serve:nginx -- [--env DIR] [--no-publish] [--base-port N] [--metrics HOST:PORT|off] [--no-access-log]';
const { apps, envName, shopOptions, metricsAt } = servingCommand('serve:nginx', USAGE, {});
const nginxBinary = findNginx() ?? fail('serve:nginx', 'nginx not found: install it (Debian: apt-get install -y nginx) or set NGINX_PATH.');
const prefix = mkdtempSync(path.join(os.tmpdir(), 'maison-nginx-'));
process.on('exit', () => rmSync(prefix, { recursive: true, force: true }));
const socketOf = (name: string) => path.join(prefix, `${name}.sock`);
// nginx's access lines, copied to standard output beside the answerer's: docs/operations.md, "Serving".
const accessLogFile = path.join(prefix, 'access.log');

await serveUntilStopped('serve:nginx', async (onStop, stop) => {
  // nginx first: the publish renders from the remotes through it, at the addresses remotes.json names.
  const front = frontConfig({
    apps,
    answererOf: (app) => `unix:${socketOf(app.name)}`,
    cacheDir: path.join(prefix, 'cache'),
    accessLog: accessLogFile,
  });
  const nginx = runNginx(nginxBinary, prefix, front);
  onStop(nginx.stop);
  // GNU tail follows the file nginx creates, until this process ends.
  const copy = spawn('tail', ['-F', '-n', '+1', `--pid=${process.pid}`, accessLogFile], { stdio: ['ignore', 'inherit', 'ignore'] });
  onStop(() => copy.kill());
  nginx.process.on('exit', (code) => {
    console.error(`[serve:nginx] nginx exited (${code})`);
    stop(1);
  });
  const shop = await serveShop({ ...shopOptions, apps, listenOn: (app) => socketOf(app.name), metricsAt: metricsAt() });
  onStop(shop.close);
  console.log(`[serve:nginx] nginx on the ports in apps.json, in front of the answerer (${prefix}); environment: ${envName}`);
});
