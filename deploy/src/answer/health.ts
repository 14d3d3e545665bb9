/**
 * Liveness and readiness, for a load balancer or a process manager: `/healthz` says the process
 * answers; `/readyz` says whether it can serve the shop: a generation loaded, the host build read,
 * and the renderer of views answering where the generation's pages are this host build's. Both are
 * cheap (nothing is rendered), never kept by any cache, and answered on the app's own port and on
 * the metrics port. docs/operations.md ("Watching production") has probe settings.
 */
import type { Reply, ReplyHandler } from './http.ts';
import { onceBody, typeOf } from './bodies.ts';
import type { FileSource } from './files.ts';
import type { HostBuildState } from '../builds/hostBuild.ts';
import type { ServedEnvironment } from '../environment/served.ts';
import { MANIFEST_FILE } from '@maison/host/contract';

export const PROBE_PATHS = { live: '/healthz', ready: '/readyz' } as const;

export interface Readiness {
  ready: boolean;
  /** What was checked, each with what it found (an id, `true`) or why not (`false`, a reason). */
  checks: Record<string, string | boolean>;
}

export type ReadinessCheck = () => Promise<Readiness>;

const probeReply = (status: number, body: unknown): Reply => ({
  status,
  headers: { 'Cache-Control': 'no-store' },
  body: onceBody(`${JSON.stringify(body)}\n`, typeOf('.json')),
});

/** The probe's answer for `pathname`, or undefined when it is no probe. */
export async function probeAnswer(pathname: string, readiness: ReadinessCheck): Promise<Reply | undefined> {
  if (pathname === PROBE_PATHS.live) return probeReply(200, { alive: true });
  if (pathname !== PROBE_PATHS.ready) return undefined;
  const found = await readiness();
  return probeReply(found.ready ? 200 : 503, found);
}

/** The probes in front of an answerer's rules. */
export function probes(next: ReplyHandler, readiness: ReadinessCheck): ReplyHandler {
  return async (request, url, context) => {
    const probe = await probeAnswer(url.pathname, readiness);
    if (!probe) return next(request, url, context);
    context.served = { route: url.pathname, servedAs: 'probe' };
    return probe;
  };
}

/** A remote is ready once its build folder holds its manifest; the answer names no folder (no path on disk is ever answered). */
export const remoteReadiness =
  (files: FileSource): ReadinessCheck =>
  async () => {
    const manifest = (await files.find(`/${MANIFEST_FILE}`)) !== undefined;
    return { ready: manifest, checks: { build: manifest || `no ${MANIFEST_FILE} in its build` } };
  };

/** The host is ready with a generation served, its build read, and its renderer answering where the generation's pages are this build's (none at the edge). */
export const hostReadiness =
  (environment: ServedEnvironment, build: { now(): HostBuildState }, pages: { rendererAnswers?(): Promise<boolean> }): ReadinessCheck =>
  async () => {
    const generation = environment.now().generation;
    const hostBuild = build.now().build;
    const rendersHere = generation !== undefined && hostBuild?.id === generation.render.hostBuild;
    const renderer = !pages.rendererAnswers
      ? 'none: views are rendered in the browser'
      : rendersHere
        ? (await pages.rendererAnswers()) || 'no answer'
        : 'not needed: the generation was rendered by another host build';
    return {
      ready: generation !== undefined && hostBuild !== undefined && renderer !== 'no answer',
      checks: { generation: generation?.id ?? false, hostBuild: hostBuild?.id ?? false, renderer },
    };
  };
