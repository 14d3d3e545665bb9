/** A renderer per generation served, in a worker thread of Node's: views rendered on demand (never at the edge). */
import { existsSync } from 'node:fs';
import type { HostBuildState } from '../builds/hostBuild.ts';
import type { Generation } from '../environment/generation.ts';
import { renderService, type RenderService } from '../render/renderService.ts';
import type { ViewRenderers } from './publishedPages.ts';

/** A renderer per generation folder served (two while a rollout splits shoppers), running the host build that rendered it. */
export function generationRenderers(hostBuild: { now(): HostBuildState }, log: (line: string) => void): ViewRenderers {
  const renderers = new Map<string, RenderService>();
  return {
    // Started as its set is first served, why: docs/decisions/serving.md#renderer-warm-start
    rendererFor(generation: Generation): RenderService | undefined {
      const build = hostBuild.now().build;
      if (!build || build.id !== generation.render.hostBuild) return undefined;
      const known = renderers.get(generation.dir);
      if (known) return known;
      if (!existsSync(build.rendererFile)) return undefined;
      const service = renderService(build, { remotesJson: generation.remotesJson, origin: generation.render.origin }, { log });
      service.describe().catch(() => undefined);
      renderers.set(generation.dir, service);
      return service;
    },
    onlyRenderersOf(served: Array<Generation | undefined>) {
      for (const [dir, running] of renderers)
        if (!served.some((generation) => generation?.dir === dir)) {
          renderers.delete(dir);
          void running.close();
        }
    },
  };
}
