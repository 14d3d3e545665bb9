#!/usr/bin/env node
/** npm run serve:nginx: production on this machine: nginx on the apps' ports, the answerer behind it on Unix sockets. */
import { closeSync, mkdtempSync, openSync, readSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { findNginx, frontConfig, runNginx } from '../servers/nginx.ts';
import { serveShop } from '../servers/shop.ts';
import { serveUntilStopped, servingCommand } from './serving.ts';
import { fail, socketOf } from './options.ts';

const USAGE = 'npm run serve:nginx -- [--env DIR] [--no-publish] [--base-port N] [--metrics HOST:PORT|off] [--no-access-log]';
const { apps, envName, shopOptions, metricsAt } = servingCommand('serve:nginx', USAGE, {});
const nginxBinary = findNginx() ?? fail('serve:nginx', 'nginx not found: install it (Debian: apt-get install -y nginx) or set NGINX_PATH.');
const prefix = mkdtempSync(path.join(os.tmpdir(), 'maison-nginx-'));
process.on('exit', () => rmSync(prefix, { recursive: true, force: true }));
// nginx's access lines, copied to standard output beside the answerer's: docs/operations.md, "Serving".
const accessLogFile = path.join(prefix, 'access.log');

/** Copies each whole line appended to `file` to standard output, from now on (polled: the file is nginx's). */
function copyLines(file: string) {
  let read = 0;
  setInterval(() => {
    const size = statSync(file, { throwIfNoEntry: false })?.size ?? 0;
    if (size <= read) return;
    const bytes = Buffer.alloc(size - read);
    const fd = openSync(file, 'r');
    readSync(fd, bytes, 0, bytes.length, read);
    closeSync(fd);
    const lines = bytes.subarray(0, bytes.lastIndexOf('\n') + 1);
    read += lines.length;
    process.stdout.write(lines);
  }, 200).unref();
}

await serveUntilStopped('serve:nginx', async (onStop, stop) => {
  // nginx first: the publish renders from the remotes through it, at the addresses remotes.json names.
  const front = frontConfig({
    apps,
    answererOf: (app) => `unix:${socketOf(prefix, app)}`,
    cacheDir: path.join(prefix, 'cache'),
    accessLog: accessLogFile,
  });
  const nginx = runNginx(nginxBinary, prefix, front);
  onStop(nginx.stop);
  copyLines(accessLogFile);
  nginx.process.on('exit', (code) => stop(1, `nginx exited (${code})`));
  const shop = await serveShop({ ...shopOptions, apps, listenOn: (app) => socketOf(prefix, app), metricsAt: metricsAt() });
  onStop(shop.close);
  console.log(`[serve:nginx] nginx on the ports in apps.json, in front of the answerer (${prefix}); environment: ${envName}`);
});
