/** nginx in front of the answerer: its configuration (apps.json, request limits) and a local run. */
// Why: docs/decisions/serving.md#nginx-configuration
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { isHostApp, type AppEntry } from '../../../apps.mts';
import type { Language } from '@maison/shared';
import { LANGUAGE_PATH_PREFIX, ROOT_LANGUAGE } from '@maison/shared/address';
import { refusal, refusedLanguagePatterns, refusedMethod, REQUEST_LIMITS, type Refusal } from '../answer/refusal.ts';
import { CONNECTION_LIMITS } from './node.ts';

const template = (name: string) => readFileSync(new URL(`../../nginx/${name}.conf.template`, import.meta.url), 'utf8');
const NGINX = ['/usr/sbin/nginx', '/usr/local/sbin/nginx', '/usr/bin/nginx'];

export const findNginx = () => [process.env.NGINX_PATH, ...NGINX].find((candidate) => candidate && existsSync(candidate));

/** `{{name}}` → values[name]; an unknown placeholder is an error, not an empty string. */
function fill(template: string, values: Record<string, string>): string {
  return template.replace(/\{\{(\w+)\}\}/g, (_match, name: string) => {
    if (!(name in values)) throw new Error(`nginx template: no value for {{${name}}}`);
    return values[name]!;
  });
}

/** A value nginx reads as it is, between double quotes. */
function quoted(value: string): string {
  if (/["$\\\n]/.test(value)) throw new Error(`cannot quote ${value} for nginx`);
  return `"${value}"`;
}

/** A text nginx sends as it is (`return`), between single quotes: escapes for quotes, backslashes, line breaks; no variable. */
function literal(value: string): string {
  if (value.includes('$')) throw new Error(`cannot send ${value.slice(0, 40)}… from nginx: it has a $`);
  return `'${value.replace(/\\/g, '\\\\').replace(/'/g, "\\'").replace(/\n/g, '\\n')}'`;
}

const REFUSED = [400, 414, 431] as const;

/** The location answering `status` (for the host, per `language`), named as the app template's error_page lines name it. */
function refusalLocation(status: number, { headers: { 'Content-Type': type, ...headers }, text }: Refusal, language?: Language): string {
  return fill(template('refusal'), {
    name: `${status}${language ? `-${language}` : ''}`,
    type: quoted(type!),
    headers: Object.entries(headers)
      .map(([header, value]) => `        add_header ${header} ${quoted(value)} always;`)
      .join('\n'),
    status: String(status),
    text: literal(text),
  }).trimEnd();
}

function refusalLocations(isRemote: boolean): string {
  const languages = isRemote ? [undefined] : (Object.keys(LANGUAGE_PATH_PREFIX) as Language[]);
  const refused = REFUSED.flatMap((status) =>
    languages.map((language) => refusalLocation(status, refusal(status, isRemote, language), language)),
  );
  return [...refused, refusalLocation(405, refusedMethod(isRemote))].join('\n');
}

interface FrontOptions {
  apps: readonly AppEntry[];
  /** Where nginx reaches each app's answerer: `unix:/run/maison/host.sock` or `127.0.0.1:4000`. */
  answererOf: (app: AppEntry) => string;
  cacheDir: string;
  accessLog?: string;
}

export function frontConfig({ apps, answererOf, cacheDir, accessLog = '/var/log/nginx/maison-access.log' }: FrontOptions): string {
  const servers = apps.map((entry) =>
    fill(template('app'), {
      name: entry.name,
      access_log: quoted(accessLog),
      answerer: answererOf(entry),
      listen: String(entry.port),
      header_line: `${REQUEST_LIMITS.headerLine / 1024}k`,
      // The answerer's connection limits (servers/node.ts), the same on both sides.
      header_timeout: `${CONNECTION_LIMITS.headersTimeout / 1000}s`,
      connections_per_client: String(CONNECTION_LIMITS.perClient),
      // The language front.conf.template's map reads from a refused request's line.
      refused_suffix: isHostApp(entry) ? '-$maison_refused_language' : '',
      refusals: refusalLocations(!isHostApp(entry)),
    }),
  );
  return fill(template('front'), {
    cache_dir: quoted(cacheDir),
    root_language: ROOT_LANGUAGE,
    // A regex between double quotes, as nginx reads it: no interpolation in a map's source.
    refused_languages: refusedLanguagePatterns()
      .map(([language, pattern]) => `    "~${pattern}" ${language};`)
      .join('\n'),
    servers: servers.join('\n'),
  });
}

/** Runs nginx with `front` in `prefix` (its configuration, pid, logs and cache), in the foreground. */
export function runNginx(nginx: string, prefix: string, front: string): { process: ChildProcess; stop(): Promise<void> } {
  mkdirSync(path.join(prefix, 'logs'), { recursive: true });
  writeFileSync(path.join(prefix, 'front.conf'), front);
  writeFileSync(path.join(prefix, 'nginx.conf'), fill(template('local'), { prefix, user: process.getuid?.() === 0 ? 'user root;' : '' }));
  const args = ['-p', prefix, '-c', path.join(prefix, 'nginx.conf'), '-g', 'daemon off;'];
  const check = spawnSync(nginx, ['-t', ...args], { encoding: 'utf8' });
  if (check.status !== 0) throw new Error(`nginx refuses its configuration:\n${check.stderr}`);
  const child = spawn(nginx, args, { stdio: ['ignore', 'inherit', 'inherit'] });
  return {
    process: child,
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGQUIT');
      }),
  };
}
