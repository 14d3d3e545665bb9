#!/usr/bin/env node
/**
 * Writes the nginx configuration for one environment (deploy/environment.ts) from the hosting
 * rules, apps.json, the host build's route table and what the environment serves now: its
 * current generation's remotes.json (the origins the Content-Security-Policy allows, the preload
 * hints) and render record (languages, legacy redirects).
 *
 *   npm run nginx:config -- [--env deploy/local] [--root .] [--out FILE] [--env-at /srv/maison-khan/production]
 *                           [--source-maps]
 *
 * --env      the environment's folder, read now (default: the local environment)
 * --env-at   where that folder is on the server nginx runs on, if not at --env
 * --root     the folder holding each app folder with its dist (default: this checkout)
 *
 * The host serves /remotes.json, /sitemap.xml, /robots.txt and the rendered pages from
 * `<env>/current/…`, through the symlink a publish switches, so a publish changes them without a
 * reload, and whether a page exists is asked of the files. What the configuration holds from
 * the generation it was rendered with needs a new render and `nginx -s reload` after each publish
 * (scripts/serve-nginx.mjs does both): the redirects, the listed paths that have no page, the
 * languages, the origins and preload hints, and whether the pages may be served at all (only
 * beside the host build that rendered them). Until then a publish can only leave those stale,
 * never serve a page from another generation.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { APPS, REMOTE_NAMES } from '../../scripts/apps.mjs';
import {
  currentGeneration,
  CURRENT,
  LOCAL_ENVIRONMENT_DIR,
  notFoundFileOf,
  pageFileOf,
  servableRender,
  SOURCE_FILE,
} from '../environment.ts';
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
// Node runs this file as it is, so it reads the cookie's name from its file, as hosting-rules.ts reads its value.
import { LANGUAGE_COOKIE } from '@maison/shared/language-cookie';
import { SHOWN_TEXT_VARIABLE } from '../../host/src/server/notFoundText.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const repo = path.resolve(here, '..', '..');

/** `{{name}}` → values[name]; an unknown placeholder is an error, not an empty string. */
function fill(template, values) {
  return template.replace(/\{\{(\w+)\}\}/g, (_match, name) => {
    if (!(name in values)) throw new Error(`nginx template: no value for {{${name}}}`);
    return values[name];
  });
}

/** A value nginx reads as it is written, between double quotes (placed by the caller or the template). */
function unquoted(value) {
  if (/["$\\\n]/.test(value)) throw new Error(`cannot quote ${value} for nginx`);
  return value;
}

const quoted = (value) => `"${unquoted(value)}"`;

/**
 * A regular expression (a map's key, not read for variables), quoted. nginx's parser reads `\\`
 * and `\"` itself, so neither may appear; a character that needs them is written `\xHH`.
 */
function regex(source) {
  if (/["\n]|\\\\/.test(source)) throw new Error(`cannot write ${source} for nginx`);
  return `"${source}"`;
}

/** `text` in a regular expression, every character but letters, digits, `_`, `-` and `/` as its UTF-8 bytes. */
const literal = (text) =>
  text.replace(/[^\w/-]/gu, (char) => [...Buffer.from(char)].map((byte) => `\\x${byte.toString(16).padStart(2, '0')}`).join(''));

/** Exactly `text`, case-sensitively (map strings compare case-insensitively). */
const exactly = (text) => regex(`~^${literal(text)}$`);

const hex = (char) => char.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0');

/**
 * A route's pattern (host/src/routePatterns.ts: routePatternSource) read against the raw request
 * path, as the router reads it against the decoded one: a percent-encoded character matches where
 * the character does (`/%61bout` is /about, `%3F` starts the part the router ignores), an encoded
 * slash stays inside its segment as the router keeps it, and the parameter is captured by `name`, if given.
 * Only what routePatternSource writes is understood; anything else is an error, not a guess.
 */
function rawPathPattern(pattern, name) {
  const tokens = pattern.match(/\^|\(\[\^\/\]\+\)|\/\*|\*|\(\\\?\.\*\)\?\$|\\.|[^\\]/g) ?? [];
  if (tokens.join('') !== pattern) throw new Error(`route pattern ${pattern}: not one routePatternSource writes`);
  return tokens
    .map((token) => {
      if (token === '^' || token === '/*' || token === '*' || token === '/') return token;
      if (token === '([^/]+)') return name ? `(?<${name}>[^/]+)` : '[^/]+';
      if (token === '(\\?.*)?$') return '(?:%3F.*)?\\z';
      const char = token.replace(/^\\/, '');
      if (!/^[\x21-\x7e]$/.test(char) || token.length > 2) throw new Error(`route pattern ${pattern}: cannot read ${token}`);
      const escaped = /[\w-]/.test(char) ? char : `\\${char}`;
      // Both cases of a letter, as the router matches case-insensitively (%41 and %61 are A and a).
      const encoded = /[a-z]/i.test(char)
        ? `%[${hex(char.toUpperCase())[0]}${hex(char.toLowerCase())[0]}]${hex(char)[1]}`
        : `%${hex(char)}`;
      return `(?:${escaped}|${encoded})`;
    })
    .join('');
}

/** The same pattern read against nginx's decoded $uri (to show a parameter decoded), capturing it by `name`. */
function decodedPathPattern(pattern, name) {
  if (!pattern.includes('([^/]+)')) throw new Error(`route pattern ${pattern}: no parameter`);
  // JavaScript's `$` is the end of the text; PCRE's also matches before a final line break.
  return pattern.replace('([^/]+)', `(?<${name}>[^/]+)`).replace(/\$$/, '\\z');
}

/** Well-formed UTF-8, byte by byte: what decodeURIComponent accepts; the router leaves anything else undecoded. */
const UTF8 = String.raw`~^(?:[\x00-\x7F]|[\xC2-\xDF][\x80-\xBF]|\xE0[\xA0-\xBF][\x80-\xBF]|[\xE1-\xEC\xEE\xEF][\x80-\xBF]{2}|\xED[\x80-\x9F][\x80-\xBF]|\xF0[\x90-\xBF][\x80-\xBF]{2}|[\xF1-\xF3][\x80-\xBF]{3}|\xF4[\x80-\x8F][\x80-\xBF]{2})*+\z`;

const mapLines = (entries) => (entries.length > 0 ? entries.map(([key, value]) => `    ${key} ${value};`).join('\n') : '    # none');

/**
 * The page file of a path (environment.ts: pageFileOf) that nginx looks for; a page is served if
 * it exists. '/index' would name index.html too, which is '/' only.
 */
const pageFileEntries = () => [
  ['"/"', quoted(pageFileOf('/'))],
  [exactly('/index'), '""'],
  [regex('~^/(?<maison_page_path>[a-z0-9-]+(?:/[a-z0-9-]+)*)$'), '"$maison_page_path.html"'],
];

/**
 * The maps that answer a navigation as hosting-rules.ts navigationAnswer() does, from the route
 * table and the render record (undefined: no page is served, as before rendering existed).
 */
function navigationMaps(routes, render, links) {
  const routeEntries = routes.map(({ pattern }, index) => [regex(`~*${rawPathPattern(pattern)}`), String(index)]);
  const withNotFound = routes.flatMap((route, index) => (route.notFound ? [{ ...route, index }] : []));
  const byParameter = withNotFound.filter(({ notFound }) => notFound.shows === 'parameter');
  const listedAll = (route) => !route.remotes.some((remote) => render?.unlistedRemotes.includes(remote));
  return {
    language_cookie: regex(`~(?:^|;)\\s*${literal(LANGUAGE_COOKIE)}\\s*=(?<maison_cookie_language>[^;]*)`),
    languages: mapLines(
      render
        ? [
            ['default', quoted(render.languages[0])],
            ...render.languages.map((language) => [regex(`~^\\s*${literal(language)}\\s*$`), quoted(language)]),
          ]
        : [['default', '""']],
    ),
    routes: mapLines(routeEntries),
    client_routes: mapLines(routes.flatMap(({ served }, index) => (served === 'client' ? [[String(index), '1']] : []))),
    preload_links: mapLines(links.flatMap(({ link }, index) => (link ? [[String(index), quoted(link)]] : []))),
    redirects: mapLines(Object.entries(render?.redirects ?? {}).map(([from, to]) => [exactly(from), quoted(to)])),
    page_files: render ? mapLines(pageFileEntries()) : '    # No page is served: see the header.',
    // A listed path with no page is client-rendered, not unknown (its page could not be rendered).
    listed_without_page: mapLines(
      (render?.listed ?? []).filter((listed) => !render.pages.includes(listed)).map((listed) => [exactly(listed), '1']),
    ),
    unknown: mapLines(
      withNotFound.flatMap((route) => {
        const { index, notFound } = route;
        if (notFound.shows === 'path') return [[regex(`~^${index}:`), render ? 'page' : 'shell']];
        // Unknown only when the list of the remote's paths was read.
        return render && listedAll(route) ? [[`${index}:0`, 'page']] : [];
      }),
    ),
    not_found_files: mapLines(withNotFound.map(({ index, notFound }) => [String(index), quoted(notFoundFileOf(notFound.page))])),
    shown_texts: mapLines(
      withNotFound.map(({ index, notFound }) => [String(index), notFound.shows === 'path' ? '$maison_path' : '$maison_parameter']),
    ),
    decoded_parameters: mapLines(
      byParameter.map(({ index, pattern }) => [
        regex(`~*^${index} ${decodedPathPattern(pattern, 'maison_decoded').slice(1)}`),
        '$maison_decoded',
      ]),
    ),
    raw_parameters: mapLines(
      byParameter.map(({ index, pattern }) => [regex(`~*^${index} ${rawPathPattern(pattern, 'maison_raw').slice(1)}`), '$maison_raw']),
    ),
    utf8: regex(UTF8),
  };
}

/**
 * The configuration for the environment `env`. Its current generation (or, before the first
 * publish, its own remotes.json with no pages) is what the maps are made from; nginx reads its
 * files at `envAt` (default: `env`). `only`: the names of the apps served (default: all four).
 */
export function renderNginxConfig({ root = repo, env = path.join(repo, LOCAL_ENVIRONMENT_DIR), envAt, sourceMaps = false, only } = {}) {
  const published = currentGeneration(env);
  const remotes = servedRemotes(published?.remotesJson ?? readFileSync(path.join(env, SOURCE_FILE), 'utf8'), REMOTE_NAMES);
  const host = APPS.find(({ name }) => name === 'host');
  const hostDist = path.resolve(root, host.dir, 'dist');
  const readHostFile = (file, fallback) => {
    if (existsSync(path.join(hostDist, file))) return JSON.parse(readFileSync(path.join(hostDist, file), 'utf8'));
    console.warn(`[nginx] ${path.join(hostDist, file)} is missing (build the host first)`);
    return fallback;
  };
  const routes = readHostFile('routes.json', []);
  const hostBuild = readHostFile('page-shell.json', {}).hostBuild;
  // Pages name the scripts of the host build that rendered them: served only beside that build.
  const render = servableRender(published, hostBuild);
  if (published?.render && !render) {
    console.warn(`[nginx] ${published.dir} was rendered for host ${published.render.hostBuild}, not ${hostBuild}: no page is served`);
  }
  const links = preloadLinks(routes, remotes.locations);
  const envDir = path.resolve(envAt ?? env);

  const headerLines = (indent, isRemote, extra = []) =>
    [
      ...Object.entries(securityHeaders(remotes)).map(([name, value]) => `add_header ${name} ${quoted(value)} always;`),
      ...extra,
      ...(isRemote ? ['add_header Access-Control-Allow-Origin $maison_remote_cors always;'] : []),
    ]
      .map((line) => `${indent}${line}`)
      .join('\n');
  // A navigation's answer is a page that differs by the language cookie and names the current deploy.
  const navigationHeaders = ['add_header Cache-Control "no-cache" always;', 'add_header Vary "Cookie" always;'];
  const common = (isRemote) => ({
    server_name: 'localhost',
    security_headers: headerLines('    ', isRemote, ['add_header Cache-Control $maison_cache_control always;']),
    not_found_headers: headerLines('        ', isRemote, ['add_header Cache-Control "no-cache" always;']),
    source_maps: sourceMaps
      ? '    # Source maps are published here (--source-maps): a debugging environment only.'
      : [
          '    # Source maps are written for error tracking, never published.',
          `    location ~ ${SOURCE_MAP} {`,
          '        return 404;',
          '    }',
        ].join('\n'),
  });

  const remoteTemplate = readFileSync(path.join(here, 'server.conf.template'), 'utf8');
  const remoteServers = APPS.filter(({ name }) => name !== 'host' && (!only || only.includes(name))).map(({ name, dir, port }) =>
    fill(remoteTemplate, { ...common(true), name, dir, listen: String(port), root: unquoted(path.resolve(root, dir, 'dist')) }),
  );

  const main = readFileSync(path.join(here, 'maison-khan.conf.template'), 'utf8');
  const [httpRules, hostServer] = main.split(/^# -{3,} host server -{3,}\n/m);
  if (!hostServer) throw new Error('maison-khan.conf.template: no "# --- host server ---" line');
  const serveHost = !only || only.includes('host');
  return fill(httpRules, {
    cache_other: CACHE_CONTROL.other,
    cache_uncached: CACHE_CONTROL.uncached,
    cache_hashed: CACHE_CONTROL.hashed,
    uncached_file: UNCACHED_FILE,
    hashed_file: HASHED_FILE,
    html_file: HTML_FILE,
    ...navigationMaps(routes, render, links),
    servers: [
      ...remoteServers,
      ...(serveHost
        ? [
            fill(hostServer, {
              ...common(false),
              dir: host.dir,
              listen: String(host.port),
              root: unquoted(hostDist),
              env: unquoted(envDir),
              remotes_json: `/${CURRENT}/${SOURCE_FILE}`,
              own_remotes_json: `/${SOURCE_FILE}`,
              current: `/${CURRENT}`,
              pages: unquoted(path.join(envDir, CURRENT, 'pages')),
              shown_text_variable: SHOWN_TEXT_VARIABLE,
              navigation_headers: headerLines('        ', false, navigationHeaders),
              shell_headers: headerLines('        ', false, [...navigationHeaders, 'add_header Link $maison_preload_links always;']),
            }),
          ]
        : []),
    ].join('\n'),
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const option = (name) => {
    const index = process.argv.indexOf(name);
    return index > -1 ? process.argv[index + 1] : undefined;
  };
  const config = renderNginxConfig({
    root: option('--root') && path.resolve(option('--root')),
    env: option('--env') && path.resolve(option('--env')),
    envAt: option('--env-at'),
    sourceMaps: process.argv.includes('--source-maps'),
  });
  const out = option('--out');
  if (out) writeFileSync(out, config);
  else process.stdout.write(config);
}
