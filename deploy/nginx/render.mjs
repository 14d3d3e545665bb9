#!/usr/bin/env node
/**
 * Writes the nginx configuration for one environment from the hosting rules, apps.json and
 * that environment's remotes.json (whose origins the Content-Security-Policy allows).
 *
 *   npm run nginx:config -- [--remotes deploy/remotes.local.json] [--root .] [--out FILE]
 *                           [--remotes-file-at /etc/maison-khan/remotes.json] [--source-maps]
 *
 * --root         the folder holding each app folder with its dist (default: this checkout)
 * --remotes      remotes.json to read origins from, and to serve at /remotes.json
 * --remotes-file-at  where nginx reads remotes.json on the server, if not at --remotes
 * A change to remotes.json that adds an origin needs a new render and `nginx -s reload`.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { APPS, REMOTE_NAMES } from '../../scripts/apps.mjs';
import {
  CACHE_CONTROL,
  HASHED_FILE,
  HTML_FILE,
  SOURCE_MAP,
  preloadLinks,
  UNCACHED_FILE,
  securityHeaders,
  servedRemotes,
} from '../hosting-rules.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const repo = path.resolve(here, '..', '..');

/** `{{name}}` → values[name]; an unknown placeholder is an error, not an empty string. */
function fill(template, values) {
  return template.replace(/\{\{(\w+)\}\}/g, (_match, name) => {
    if (!(name in values)) throw new Error(`nginx template: no value for {{${name}}}`);
    return values[name];
  });
}

function quoted(value) {
  if (/["$\\\n]/.test(value)) throw new Error(`cannot quote ${value} for nginx`);
  return `"${value}"`;
}

export function renderNginxConfig({
  root = repo,
  remotesFile = path.join(repo, 'deploy', 'remotes.local.json'),
  remotesFileAt,
  sourceMaps = false,
} = {}) {
  const remotes = servedRemotes(readFileSync(remotesFile, 'utf8'), REMOTE_NAMES);
  const host = APPS.find(({ name }) => name === 'host');
  const routesFile = path.resolve(root, host.dir, 'dist', 'routes.json');
  if (!existsSync(routesFile)) console.warn(`[nginx] ${routesFile} is missing (build the host first): no preload hints`);
  const links = preloadLinks(existsSync(routesFile) ? JSON.parse(readFileSync(routesFile, 'utf8')) : [], remotes.locations);
  const headerLines = (indent, isRemote, extra = []) =>
    [
      ...Object.entries(securityHeaders(remotes)).map(([name, value]) => `add_header ${name} ${quoted(value)} always;`),
      ...extra,
      ...(isRemote ? ['add_header Access-Control-Allow-Origin $maison_remote_cors always;'] : []),
    ]
      .map((line) => `${indent}${line}`)
      .join('\n');
  const serverTemplate = readFileSync(path.join(here, 'server.conf.template'), 'utf8');

  const servers = APPS.map(({ name, dir, port }) => {
    const isHost = name === 'host';
    return fill(serverTemplate, {
      name,
      dir,
      listen: String(port),
      server_name: 'localhost',
      root: path.resolve(root, dir, 'dist'),
      security_headers: headerLines('    ', !isHost, [
        'add_header Cache-Control $maison_cache_control always;',
        ...(isHost ? ['add_header Link $maison_preload_links;'] : []),
      ]),
      not_found_headers: headerLines('        ', !isHost, ['add_header Cache-Control "no-cache" always;']),
      source_maps: sourceMaps
        ? '    # Source maps are published here (--source-maps): a debugging environment only.'
        : [
            '    # Source maps are written for error tracking, never published.',
            `    location ~ ${SOURCE_MAP} {`,
            '        return 404;',
            '    }',
          ].join('\n'),
      remotes_json: isHost ? `    location = /remotes.json {\n        alias ${path.resolve(remotesFileAt ?? remotesFile)};\n    }` : '',
      undecodable_path: isHost
        ? [
            '    # A path nginx refuses (undecodable like %zz or %00, or .. above the root) stays a 400,',
            "    # answered with the shop's page, whose router shows its own 404 page.",
            '    error_page 400 /index.html;',
          ].join('\n')
        : '    # An undecodable path is a plain 400 here: no page to show.',
      fallback: isHost
        ? ['        if ($maison_navigation = 0) {', '            return 404;', '        }', '        rewrite ^ /index.html break;'].join(
            '\n',
          )
        : '        return 404;',
    });
  });

  const main = readFileSync(path.join(here, 'maison-khan.conf.template'), 'utf8');
  return fill(main, {
    cache_other: CACHE_CONTROL.other,
    cache_uncached: CACHE_CONTROL.uncached,
    cache_hashed: CACHE_CONTROL.hashed,
    uncached_file: UNCACHED_FILE,
    hashed_file: HASHED_FILE,
    html_file: HTML_FILE,
    // Every route, in the table's order: nginx takes the first regex that matches, as the router does.
    preload_links: links.map(({ pattern, link }) => `    "~*${pattern}" ${quoted(link)};`).join('\n'),
    servers: servers.join('\n'),
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const option = (name) => {
    const index = process.argv.indexOf(name);
    return index > -1 ? process.argv[index + 1] : undefined;
  };
  const config = renderNginxConfig({
    root: option('--root') && path.resolve(option('--root')),
    remotesFile: option('--remotes') && path.resolve(option('--remotes')),
    remotesFileAt: option('--remotes-file-at'),
    sourceMaps: process.argv.includes('--source-maps'),
  });
  const out = option('--out');
  if (out) writeFileSync(out, config);
  else process.stdout.write(config);
}
