/**
 * What the shop's servers answer, for each app: one function from a Web Request to a Response.
 * `npm run serve` calls it through Node's server (server/node.ts), nginx in front of the same
 * Node server changes nothing of it, and the tests call it directly. In order:
 *
 * 1. Anything but GET or HEAD: 405.
 * 2. A file of the app's build: the file (cache class by name, CORS on a remote's files). Never
 *    a dot-file, a source map (unless `sourceMaps`), the build's stats for its tools, or the host
 *    build's server-only files.
 * 3. The host only: /remotes.json (the served generation's), /sitemap.xml and /robots.txt (the
 *    generation's), and page requests, answered by rules.ts `navigationAnswer`.
 * 4. Anything else: 404.
 * Every answer carries the security headers: the shop's policy on pages, the closed one on
 * everything else (policy.ts). Bodies carry a strong ETag (a repeat request gets 304) and are
 * sent compressed when the client accepts it.
 * Requests refused before this function runs (too long, malformed) are in requestLimits.ts.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { RemoteName } from '@maison/shared';
import { languageOfPath } from '@maison/shared/address';
import { withShownText, type ServedRoute } from '@maison/host/hosting';
import type { Served, ServedEnvironment } from '../environment/served.ts';
import { GENERATION_FILE, type RenderRecord } from '../environment/layout.ts';
import { bodyOf, encoded, encodingFor, onceBody, typeOf, type Body } from './bodies.ts';
import { buildFiles } from './buildFiles.ts';
import { hostBuildOf, type HostBuild } from './hostBuild.ts';
import { FILE_POLICY, pagePolicy, securityHeaders, servedRemotes } from './policy.ts';
import { CACHE_CONTROL, cacheControl, isNavigation, navigationAnswer, preloadLinkFor, preloadLinks } from './rules.ts';

export interface ServedApp {
  /** Its federation name (apps.json). */
  name: string;
  isHost: boolean;
  /** Its build folder. */
  dist: string;
}

export interface AnswererOptions {
  app: ServedApp;
  environment: ServedEnvironment;
  remoteNames: readonly RemoteName[];
  /** Hand out the build's source maps (a debugging environment only). */
  sourceMaps?: boolean;
  log?: (line: string) => void;
}

export type Answer = (request: Request) => Promise<Response>;

/** Files of the host build that only the servers read (its route table, its page as data). */
const SERVER_ONLY_FILES = new Set(['routes.json', 'page-shell.json']);
/** Written by every build for its tools (they name the build machine's source files): never handed out. */
const BUILD_TOOL_FILE = /(^|\/)mf-(manifest-)?stats\.json$/;
const KEPT_PAGES = 512;

const FILE_HEADERS = securityHeaders(FILE_POLICY);

/** What the answers derive from what is served, made once per publish (and per host build). */
interface Derived {
  served: Served;
  remotesJson: Body;
  pageHeaders: Record<string, string>;
  /** The generation's render record, when its pages may be served beside this host build. */
  render?: RenderRecord;
  routes: readonly ServedRoute[];
  links: ReturnType<typeof preloadLinks>;
}

export function createAnswerer({ app, environment, remoteNames, sourceMaps = false, log = console.log }: AnswererOptions): Answer {
  const files = buildFiles(
    app.dist,
    (file) => (!sourceMaps && file.endsWith('.map')) || BUILD_TOOL_FILE.test(file) || (app.isHost && SERVER_ONLY_FILES.has(file)),
  );
  const hostBuild = app.isHost ? hostBuildOf(app.dist, log) : undefined;
  const pages = new Map<string, Body>();
  let derived: (Derived & { key: string }) | undefined;

  const derive = (): Derived => {
    const served = environment.now();
    const build: HostBuild | undefined = hostBuild?.now();
    const key = `${served.key}|${build?.key ?? ''}`;
    if (derived?.key === key) return derived;
    const remotes = servedRemotes(served.remotesJson, remoteNames);
    const render = served.generation?.render;
    // Pages name the scripts of the host build that rendered them: served only beside that build.
    const servable = render && build && render.hostBuild === build.hostBuild ? render : undefined;
    const routes = build?.routes ?? [];
    derived = {
      key,
      served,
      remotesJson: bodyOf(Buffer.from(served.remotesJson), typeOf('.json')),
      pageHeaders: securityHeaders(pagePolicy(remotes)),
      routes,
      links: preloadLinks(routes, remotes.locations),
    };
    if (servable) derived.render = servable;
    return derived;
  };

  const cors = (type: string): Record<string, string> =>
    !app.isHost && !type.startsWith('text/html') ? { 'Access-Control-Allow-Origin': '*' } : {};

  const plain = (request: Request, status: number, text: string, extra: Record<string, string> = {}) =>
    send(
      request,
      status,
      { ...FILE_HEADERS, 'Cache-Control': 'no-cache', ...cors('text/plain'), ...extra },
      onceBody(text, typeOf('.txt')),
    );

  const notFound = (request: Request) => plain(request, 404, 'Not found\n');

  const generationFile = async (served: Served, file: string): Promise<Body | undefined> => {
    const dir = served.generation?.dir;
    if (!dir) return undefined;
    const absolute = path.join(dir, file);
    const known = pages.get(absolute);
    if (known) return known;
    const bytes = await readFile(absolute).catch(() => undefined);
    if (!bytes) return void log(`[serve] ${absolute} cannot be read: answered as if it had not been rendered`);
    const body = bodyOf(bytes, typeOf(file));
    if (pages.size >= KEPT_PAGES) pages.delete(pages.keys().next().value!);
    pages.set(absolute, body);
    return body;
  };

  const navigation = async (request: Request, url: URL, state: Derived): Promise<Response> => {
    const answer = navigationAnswer({ path: url.pathname, query: url.search.slice(1), routes: state.routes, render: state.render });
    // The same page for everyone at an address: a shared cache may keep it.
    const headers = { ...state.pageHeaders, 'Cache-Control': CACHE_CONTROL.page };
    if (answer.kind === 'redirect') return send(request, 301, { ...headers, Location: answer.location });
    if (answer.kind === 'page' || answer.kind === 'not-found') {
      const page = await generationFile(state.served, answer.file);
      if (page && answer.kind === 'page') return send(request, 200, headers, page);
      if (page && answer.kind === 'not-found') {
        const html = withShownText(page.bytes.toString('utf8'), answer.shows);
        return send(request, 404, headers, onceBody(html, page.type));
      }
    }
    // The shop's page, rendered in the browser: it names the route's remote files to download at once.
    const shell = await files.find('/index.html');
    if (!shell) return notFound(request);
    const link = preloadLinkFor(languageOfPath(url.pathname).path, state.links);
    return send(request, answer.status, { ...headers, ...(link ? { Link: link } : {}) }, shell);
  };

  return async (request) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return plain(request, 405, 'Method not allowed\n', { Allow: 'GET, HEAD' });
    const url = new URL(request.url);
    const file = await files.find(url.pathname);
    if (file) {
      const headers = { ...(file.type.startsWith('text/html') ? derive().pageHeaders : FILE_HEADERS), ...cors(file.type) };
      return send(request, 200, { ...headers, 'Cache-Control': cacheControl(url.pathname) }, file);
    }
    if (!app.isHost) return notFound(request);
    const state = derive();
    if (url.pathname === '/remotes.json') {
      return send(request, 200, { ...FILE_HEADERS, 'Cache-Control': CACHE_CONTROL.uncached }, state.remotesJson);
    }
    if (url.pathname === `/${GENERATION_FILE.sitemap}` || url.pathname === `/${GENERATION_FILE.robots}`) {
      const body = await generationFile(state.served, url.pathname.slice(1));
      return body ? send(request, 200, { ...FILE_HEADERS, 'Cache-Control': CACHE_CONTROL.page }, body) : notFound(request);
    }
    if (isNavigation(request.method, request.headers.get('accept'), url.pathname)) return navigation(request, url, state);
    return notFound(request);
  };
}

/** A response with `body`: 304 when the request already has it (If-None-Match), compressed when the client accepts it, no body for HEAD. */
async function send(request: Request, status: number, headers: Record<string, string>, body?: Body): Promise<Response> {
  const out = new Headers(headers);
  if (!body) return new Response(null, { status, headers: out });
  out.set('Content-Type', body.type);
  const encoding = encodingFor(body, request.headers.get('accept-encoding'));
  if (body.encoded) out.append('Vary', 'Accept-Encoding');
  const sent = encoding ? await encoded(body, encoding) : { bytes: body.bytes, etag: body.etag };
  if (encoding) out.set('Content-Encoding', encoding);
  if (sent.etag) out.set('ETag', sent.etag);
  if (sent.etag && status === 200 && matches(request.headers.get('if-none-match'), sent.etag)) {
    out.delete('Content-Type');
    return new Response(null, { status: 304, headers: out });
  }
  out.set('Content-Length', String(sent.bytes.length));
  return new Response(request.method === 'HEAD' ? null : new Uint8Array(sent.bytes), { status, headers: out });
}

function matches(ifNoneMatch: string | null, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch.split(',').some((tag) => {
    const candidate = tag.trim().replace(/^W\//, '');
    return candidate === '*' || candidate === etag;
  });
}
