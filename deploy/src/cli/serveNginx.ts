#!/usr/bin/env node
/**
 * npm run serve:nginx: the production setup on this machine. nginx listens on the apps' ports
 * (apps.json) in front of the answerer, which serves the four builds on Unix sockets exactly as
 * `npm run serve` does (the same function answers: server/shop.ts, answer/answer.ts). nginx's
 * configuration holds no rule of the shop (server/nginx.ts), so a publish needs nothing run by hand.
 *
 *   npm run serve:nginx -- [--env DIR] [--no-publish] [--base-port N]
 */
import { closeSync, mkdtempSync, openSync, readSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { APPS, appsFrom, isHostApp } from '../../../apps.mts';
import { findNginx, frontConfig, runNginx } from '../servers/nginx.ts';
import { serveShop, type RunningShop } from '../servers/shop.ts';
import { OBSERVING_OPTIONS, OBSERVING_USAGE, observing } from './observing.ts';
import { ENV_OPTION, environmentDir, fail, parseOptions, ROOT } from './options.ts';

const USAGE = `npm run serve:nginx -- [--env DIR] [--no-publish] [--base-port N] ${OBSERVING_USAGE}`;
const { values } = parseOptions('serve:nginx', USAGE, {
  ...ENV_OPTION,
  'no-publish': { type: 'boolean' },
  'base-port': { type: 'string' },
  ...OBSERVING_OPTIONS,
});
const { log, observer, metricsAt } = observing(values);
const basePort = values['base-port'] === undefined ? undefined : Number(values['base-port']);
if (basePort !== undefined && !(Number.isInteger(basePort) && basePort > 0))
  fail('serve:nginx', `"${values['base-port']}" is not a port\nusage: ${USAGE}`);
const apps = basePort === undefined ? APPS : appsFrom(basePort);
const nginxBinary = findNginx() ?? fail('serve:nginx', 'nginx not found: install it (Debian: apt-get install -y nginx) or set NGINX_PATH.');
const env = environmentDir(values.env);
const prefix = mkdtempSync(path.join(os.tmpdir(), 'maison-nginx-'));
const socketOf = (name: string) => path.join(prefix, `${name}.sock`);
// nginx's access lines, copied to standard output beside the answerer's (nginx cannot open every kind of standard output).
const accessLogFile = path.join(prefix, 'access.log');

/** Hands each line appended to `file` to `use`, from now on (polled: the file is nginx's). */
function followLines(file: string, use: (line: string) => void) {
  let read = 0;
  let partial = '';
  setInterval(() => {
    let size = 0;
    try {
      size = statSync(file).size;
    } catch {
      return;
    }
    if (size <= read) return;
    const bytes = Buffer.alloc(size - read);
    const fd = openSync(file, 'r');
    readSync(fd, bytes, 0, bytes.length, read);
    closeSync(fd);
    read = size;
    const lines = (partial + bytes.toString('utf8')).split('\n');
    partial = lines.pop() ?? '';
    lines.filter(Boolean).forEach(use);
  }, 200).unref();
}

let shop: RunningShop | undefined;
let nginx: ReturnType<typeof runNginx> | undefined;
const stop = async (status: number) => {
  await Promise.all([shop?.close(), nginx?.stop()]);
  rmSync(prefix, { recursive: true, force: true });
  process.exit(status);
};
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => void stop(0));

try {
  // nginx first: the publish renders from the remotes through it, at the addresses remotes.json names.
  nginx = runNginx(
    nginxBinary,
    prefix,
    // nginx's access lines on standard output, beside the answerer's.
    frontConfig({
      apps,
      answererOf: (app) => `unix:${socketOf(app.name)}`,
      cacheDir: path.join(prefix, 'cache'),
      accessLog: accessLogFile,
    }),
  );
  followLines(accessLogFile, (line) => console.log(line));
  nginx.process.on('exit', (code) => {
    console.error(`[serve:nginx] nginx exited (${code})`);
    void stop(1);
  });
  shop = await serveShop({
    root: ROOT,
    env,
    apps,
    listenOn: (app) => socketOf(app.name),
    publish: !values['no-publish'],
    log,
    observer,
    metricsAt: metricsAt(apps.find(isHostApp)!.port),
  });
  console.log(
    `[serve:nginx] nginx on the ports in apps.json, in front of the answerer (${prefix}); environment: ${path.relative(process.cwd(), env) || env}`,
  );
} catch (error) {
  console.error(`[serve:nginx] ${(error as Error).message}`);
  await stop(1);
}
