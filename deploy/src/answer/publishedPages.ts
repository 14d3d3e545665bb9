/**
 * The pages an environment has published, as the host's answerer serves them: the generation the
 * environment serves now (environment/served.ts), its remotes.json, render record and files. A
 * file read once is kept (its ETag and compressed forms with it: a generation never changes), up
 * to KEPT_FILES of them. A page whose address asks for a view (a sort, a tab: its canonical
 * query) is rendered on demand by the renderer that rendered the generation, with the
 * generation's remotes.json, in a worker of its own (render/renderService.ts), and kept within
 * bounds (render/pageCache.ts); when it cannot be had in time, the page is rendered in the browser.
 */
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { setTimeout as wait } from 'node:timers/promises';
import path from 'node:path';
import type { HostBuildState } from '../builds/hostBuild.ts';
import { GENERATION_FILE, notFoundFileOf, pageFileOf } from '../environment/layout.ts';
import type { Generation } from '../environment/generation.ts';
import type { ServedEnvironment } from '../environment/served.ts';
import { pageCache } from '../render/pageCache.ts';
import { renderService, type RenderService } from '../render/renderService.ts';
import { bodyOf, typeOf, type Body } from './bodies.ts';
import { allowsInline } from './policy.ts';
import type { ServerMetrics } from '../observe/metrics.ts';
import type { RequestContext } from '../observe/requestContext.ts';
import type { ServedPages } from './pages.ts';

const KEPT_FILES = 512;
/** How long a shopper waits for a view to be rendered before the page is rendered in the browser instead. */
const VIEW_WAIT_MS = 5_000;
/** How long readiness waits for the renderer to answer. */
const RENDERER_PROBE_MS = 2_000;

export interface PublishedPagesOptions {
  environment: ServedEnvironment;
  hostBuild: { now(): HostBuildState };
  log: (line: string) => void;
  metrics?: Pick<ServerMetrics, 'rendered' | 'watchRenderLoad'>;
}

/** The published pages, and whether the renderer of views answers now (for readiness). */
export function publishedPages({ environment, hostBuild, log, metrics }: PublishedPagesOptions): ServedPages & {
  rendererAnswers(): Promise<boolean>;
} {
  const kept = new Map<string, Body>();
  const file = async (dir: string, name: string): Promise<Body | undefined> => {
    const absolute = path.join(dir, name);
    const known = kept.get(absolute);
    if (known) return known;
    const bytes = await readFile(absolute).catch(() => undefined);
    if (!bytes) return void log(`[serve] ${absolute} cannot be read: answered as if it had not been rendered`);
    const body = bodyOf(bytes, typeOf(name));
    if (kept.size >= KEPT_FILES) kept.delete(kept.keys().next().value!);
    kept.set(absolute, body);
    return body;
  };

  const views = pageCache<Body>((body) => body.bytes.length);
  metrics?.watchRenderLoad(() => ({ ...views.load, ...views.size }));
  let renderer: { key: string; service: RenderService } | undefined;
  /**
   * The renderer of the generation served beside the host build that rendered it: started as the
   * generation is first served (loading it takes a few hundred milliseconds), so the first view
   * asked for does not wait for it.
   */
  const rendererFor = (generation: Generation): RenderService | undefined => {
    const build = hostBuild.now().build;
    if (!build || build.id !== generation.render.hostBuild) return undefined;
    const key = `${generation.id}|${build.id}`;
    if (renderer?.key !== key) {
      void renderer?.service.close();
      renderer = undefined;
      if (!existsSync(build.rendererFile)) return undefined;
      const service = renderService(build, { remotesJson: generation.remotesJson, origin: generation.render.origin }, { log });
      service.describe().catch(() => undefined);
      renderer = { key, service };
    }
    return renderer?.service;
  };
  const view = (
    generation: Generation,
    language: string,
    pathname: string,
    query: string,
    context?: RequestContext,
  ): Promise<Body | undefined> => {
    const service = rendererFor(generation);
    if (!service) return Promise.resolve(undefined);
    const rendered = views.get(
      `${generation.id} ${language} ${pathname}?${query}`,
      async () => {
        const page = await service.render(pathname, language as 'en', query);
        if (page.html === undefined) {
          log(`[serve] ${language} ${pathname}?${query}: not rendered (${page.reason}): rendered in the browser`);
          return undefined;
        }
        // The generation's policy allows the code its pages carry; a view carrying other code (a
        // remote's file changed under the same address since the publish) would be neither styled nor booted.
        if (!allowsInline(generation.render.inline, page.inline)) {
          log(`[serve] ${language} ${pathname}?${query}: carries code the generation's policy does not allow: rendered in the browser`);
          return undefined;
        }
        return bodyOf(Buffer.from(page.html), typeOf('.html'));
      },
      {
        ...(context?.client ? { client: context.client } : {}),
        onOutcome(outcome) {
          metrics?.rendered(outcome);
          if (context && (outcome === 'kept' || outcome === 'rendered' || outcome === 'joined'))
            context.served.servedAs = outcome === 'kept' ? 'cache' : 'on-demand';
        },
      },
    );
    return Promise.race([rendered, wait(VIEW_WAIT_MS, undefined, { ref: false })]);
  };

  return {
    now() {
      const served = environment.now();
      const generation = served.generation;
      if (generation) rendererFor(generation);
      const read = (name: string) => (generation ? file(generation.dir, name) : Promise.resolve(undefined));
      return {
        key: served.key,
        remotesJson: served.remotesJson,
        ...(generation ? { generation: generation.id, render: generation.render } : {}),
        page: (language, pathname, query, context) =>
          query === '' || !generation
            ? read(path.join(GENERATION_FILE.pages, language, pageFileOf(pathname) ?? '?'))
            : view(generation, language, pathname, query, context),
        notFoundPage: (language, page) => read(path.join(GENERATION_FILE.pages, language, notFoundFileOf(page))),
        crawlerFile: read,
      };
    },
    async rendererAnswers() {
      const generation = environment.now().generation;
      const service = generation && rendererFor(generation);
      if (!service) return false;
      return Promise.race([
        service.describe().then(
          () => true,
          () => false,
        ),
        wait(RENDERER_PROBE_MS, false, { ref: false }),
      ]);
    },
  };
}
