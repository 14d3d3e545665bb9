/** The host's published pages: the served generation's files (kept), and views (canonical queries) rendered on demand. */
import { readFile } from 'node:fs/promises';
import { setTimeout as wait } from 'node:timers/promises';
import path from 'node:path';
import { LRUCache } from 'lru-cache';
import { GENERATION_FILE, notFoundFileOf, pageFileOf, SHOP_ORIGIN } from '../environment/layout.ts';
import type { Generation } from '../environment/generation.ts';
import type { ServedEnvironment } from '../environment/served.ts';
import { pageCache, type CacheOutcome } from './pageCache.ts';
import type { RenderService } from '../render/renderService.ts';
import { bodyOf, typeOf, type Body } from './bodies.ts';
import { allowsInline } from './policy.ts';
import type { AnswerMetrics } from './answerMetrics.ts';
import type { PagesNow } from './pages.ts';
import type { RequestContext } from './requestContext.ts';
import type { Language } from '@maison/shared';
import { announcementOf, splits, splittingNow } from '../environment/rolloutRecord.ts';

/** How long a shopper waits for a view to be rendered before the page is rendered in the browser instead. */
const VIEW_WAIT_MS = 5_000;
const RENDERER_PROBE_MS = 2_000;

export interface PublishedPagesOptions {
  environment: ServedEnvironment;
  log: (line: string) => void;
  metrics?: Pick<AnswerMetrics, 'rendered' | 'watchRenderLoad'>;
  /** Who renders views on demand: a renderer per generation (generationRenderers.ts), or none (each view rendered in the browser). */
  renderers: ViewRenderers;
  /** How a generation's file is read by its path (`generation.dir` joined): the disk's, or an object store's kept in memory. */
  readFile?: (file: string) => Promise<Uint8Array | undefined>;
}

/** The renderers of views on demand, per generation served. */
export interface ViewRenderers {
  rendererFor(generation: Generation): RenderService | undefined;
  /** Stops the renderers of generations no longer served. */
  onlyRenderersOf(served: Array<Generation | undefined>): void;
}

/** No view rendered on demand: each is rendered in the browser (the edge: docs/decisions/serving.md#views-at-the-edge). */
export const NO_RENDERERS: ViewRenderers = { rendererFor: () => undefined, onlyRenderersOf: () => {} };

const fromDisk = (file: string) => readFile(file).catch(() => undefined);

interface ViewSource {
  generation: Generation;
  service: RenderService;
  views: ReturnType<typeof pageCache<Body>>;
  log: (line: string) => void;
  metrics?: Pick<AnswerMetrics, 'rendered'>;
}

/** A view with a query, rendered on demand (or kept from before), when the generation's policy allows what it carries. */
function viewOnDemand(
  { generation, service, views, log, metrics }: ViewSource,
  language: Language,
  pathname: string,
  query: string,
  context: RequestContext | undefined,
) {
  return views.get(
    `${generation.dir} ${language} ${pathname}?${query}`,
    async () => {
      const page = await service.render(pathname, language, query);
      // A view carrying code the policy does not allow would be neither styled nor booted.
      if (page.html !== undefined && allowsInline(generation.render.inline, page.inline))
        return bodyOf(Buffer.from(page.html), typeOf('.html'));
      const why = page.html === undefined ? `not rendered (${page.reason})` : "carries code the generation's policy does not allow";
      return void log(`[serve] ${language} ${pathname}?${query}: ${why}: rendered in the browser`);
    },
    {
      client: context?.client,
      onOutcome(outcome: CacheOutcome) {
        metrics?.rendered(outcome);
        if (context && (outcome === 'kept' || outcome === 'rendered' || outcome === 'joined'))
          context.served.servedAs = outcome === 'kept' ? 'cache' : 'on-demand';
      },
    },
  );
}

/** The published pages, and whether the renderer of views answers now (for readiness). */
export function publishedPages({ environment, log, metrics, renderers, readFile = fromDisk }: PublishedPagesOptions) {
  const kept = new LRUCache<string, Body>({
    max: 512,
    async fetchMethod(file) {
      const bytes = await readFile(file);
      if (bytes) return bodyOf(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength), typeOf(file));
      log(`[serve] ${file} cannot be read: answered as if it had not been rendered`);
    },
  });

  const views = pageCache<Body>((body) => body.bytes.length);
  metrics?.watchRenderLoad(() => ({ ...views.load, ...views.size }));
  const { rendererFor, onlyRenderersOf } = renderers;
  /** What one set of the generation's pages answers: everyone's, or a rollout's canary cohort's. */
  const pagesOf = (key: string, remotesJson: string, generation: Generation | undefined): PagesNow => {
    if (generation) rendererFor(generation);
    const read = (name: string) => (generation ? kept.fetch(path.join(generation.dir, name)) : Promise.resolve(undefined));
    return {
      key,
      remotesJson,
      ...(generation ? { generation: generation.id, render: generation.render } : {}),
      async page(language, pathname, query, context) {
        if (query === '' || !generation) return read(path.join(GENERATION_FILE.pages, language, pageFileOf(pathname) ?? '?'));
        const service = rendererFor(generation);
        if (!service) return undefined;
        const rendered = viewOnDemand({ generation, service, views, log, metrics }, language, pathname, query, context);
        return Promise.race([rendered, wait(VIEW_WAIT_MS, undefined, { ref: false })]);
      },
      notFoundPage: (language, page) => read(path.join(GENERATION_FILE.pages, language, notFoundFileOf(page))),
      crawlerFile: read,
    };
  };

  return {
    now() {
      const served = environment.now();
      const { generation, rollout } = served;
      // A rollout splits shoppers once the generation served has its canary cohort's pages.
      const splitting = splittingNow(generation, rollout);
      const canary = splitting && generation?.canary;
      onlyRenderersOf([generation, canary]);
      const now = pagesOf(served.key, served.remotesJson, generation);
      const announced = canary || !splits(rollout) ? rollout : undefined;
      return {
        ...now,
        announcement: () => announcementOf(announced, generation?.render.origin ?? SHOP_ORIGIN),
        ...(splitting && canary ? { rollout: { record: splitting, canary: pagesOf(served.key, canary.remotesJson, canary) } } : {}),
      };
    },
    // No renderer, no probe of it: the edge renders every view in the browser.
    ...(renderers === NO_RENDERERS
      ? {}
      : {
          async rendererAnswers() {
            const generation = environment.now().generation;
            const service = generation && rendererFor(generation);
            const answers = service ? service.describe().then(() => true) : Promise.resolve(false);
            return Promise.race([answers.catch(() => false), wait(RENDERER_PROBE_MS, false, { ref: false })]);
          },
        }),
  };
}
