/** What the shop's servers answer, per app: one function from a Web Request to a Web Response, under Node, nginx and `npm start` alike. */
// Why in this order: docs/decisions/serving.md#answer-order
import path from 'node:path';
import { watchHostBuild } from '../builds/hostBuild.ts';
import type { ServedEnvironment } from '../environment/served.ts';
import { cacheControl } from './cacheControl.ts';
import { buildFiles, corsFor, type FileSource } from './files.ts';
import { textReply, toResponse, withVary, within, type Layer, type ReplyHandler, type ResponseParts } from './http.ts';
import { compressed, conditionalGet, headRequests, normalAddresses, onlyReads, requestLimits, withSecurityHeaders } from './layers.ts';
import { pagesAnswer, type PagesAnswerOptions } from './pages.ts';
import { publishedPages } from './publishedPages.ts';
import { generationRenderers } from './generationRenderers.ts';
import { readsAccept } from './navigation.ts';
import { hostReadiness, probes, remoteReadiness, type ReadinessCheck } from './health.ts';
import { beaconReceiver, discardedBeacons, withBeaconReceiver, type BeaconReceiver } from './beacons/beaconReceiver.ts';
import { servedBuilds, type AnswerMetrics } from './answerMetrics.ts';

export interface AnswererParts {
  isHost: boolean;
  files: FileSource;
  host?: Omit<PagesAnswerOptions, 'files'>;
  cacheOf?: (pathname: string) => string;
  /** What `/readyz` says (default: ready once asked). */
  readiness?: ReadinessCheck;
  beacons?: BeaconReceiver;
  /** How its Responses are made (default: Web's own). */
  respond?: (parts: ResponseParts) => Response;
}

export function composeAnswerer({
  isHost,
  files,
  host,
  cacheOf = cacheControl,
  readiness = () => Promise.resolve({ ready: true, checks: {} }),
  beacons,
  respond,
}: AnswererParts) {
  const pages = host && pagesAnswer({ ...host, files });
  const route: ReplyHandler = async (request, url, context) => {
    const body = await files.find(url.pathname);
    if (body) {
      context.served = { route: '(file)', servedAs: 'file' };
      // The build's own HTML is a page: it gets the page policy.
      const headers = pages && body.type.startsWith('text/html') ? await pages.pageHeaders() : {};
      return { status: 200, headers: { ...headers, ...corsFor(isHost, body.type), 'Cache-Control': cacheOf(url.pathname) }, body };
    }
    const page = await pages?.answer(request, url, context);
    if (page) return page;
    context.served = { route: '(none)', servedAs: 'not-found' };
    const headers = { 'Cache-Control': 'no-cache', ...corsFor(isHost, 'text/plain') };
    // On the host a browser asking for HTML gets the not-found page here instead.
    return textReply(404, isHost && readsAccept(url.pathname) ? withVary(headers, 'Accept') : headers, 'Not found\n');
  };
  const layers: Layer[] = [
    headRequests,
    withSecurityHeaders,
    requestLimits(!isHost),
    conditionalGet,
    compressed,
    ...(beacons ? [(next: ReplyHandler) => withBeaconReceiver(next, beacons)] : isHost ? [discardedBeacons] : []),
    onlyReads(!isHost),
    (next) => probes(next, readiness),
    normalAddresses(corsFor(isHost, 'text/plain')),
  ];
  return { readiness, answer: toResponse(within(layers, route), respond) };
}

export interface AnswererOptions {
  /** `dist`: its build folder (the host's renderer is beside it, in dist-server/). */
  app: { isHost: boolean; dist: string };
  environment: ServedEnvironment;
  /** Hand out the build's source maps (a debugging environment only). */
  sourceMaps?: boolean;
  log?: (line: string) => void;
  metrics?: AnswerMetrics;
  respond?: AnswererParts['respond'];
}

/** An app's production answerer: its build folder on disk and, for the host, the environment's published pages. */
export function createAnswerer({ app, environment, sourceMaps = false, log = console.log, metrics, respond }: AnswererOptions) {
  const files = buildFiles(app.dist, { isHost: app.isHost, sourceMaps });
  if (!app.isHost) return composeAnswerer({ isHost: false, files, readiness: remoteReadiness(files), respond });
  const build = watchHostBuild(path.dirname(app.dist), log);
  const pages = publishedPages({ environment, log, metrics, renderers: generationRenderers(build, log) });
  metrics?.watchServed(() => servedBuilds(environment.now().generation));
  const readiness = hostReadiness(environment, build, pages);
  const beacons = beaconReceiver(environment, build, metrics);
  return composeAnswerer({ isHost: true, files, host: { hostBuild: build, pages }, readiness, beacons, respond });
}
