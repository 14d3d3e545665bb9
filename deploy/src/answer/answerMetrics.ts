/** What the answerer counts, as it sees it: the servers' metrics (observe/metrics.ts) are one, and it works without. */
import type { Generation } from '../environment/generation.ts';
import type { SignalCounts } from './beacons/beaconCounts.ts';
import type { CacheOutcome } from './pageCache.ts';

/** What the pages' renderer on demand holds now, read at each scrape. */
export interface RenderLoad {
  rendering: number;
  waiting: number;
  entries: number;
  bytes: number;
}

/** What a server serves now, read at each scrape: its generation and the builds it names. */
export interface ServedBuilds {
  generation?: string;
  hostBuild?: string;
  /** Per remote, its builds as remotes.json lists them (first choice first). */
  remotes: Record<string, Array<{ build: string; choice: 'first' | 'fallback' }>>;
}

export interface AnswerMetrics {
  /** A page asked of the renderer on demand, by outcome. */
  rendered(outcome: CacheOutcome): void;
  /** A renderer's cache, read at each scrape. */
  watchRenderLoad(read: () => RenderLoad): void;
  /** What is served, read at each scrape. */
  watchServed(read: () => ServedBuilds): void;
  /** The pages' beacons, counted. */
  signals: SignalCounts;
}

/** The generation served and the builds it names, for the info metrics. */
export function servedBuilds(generation: Generation | undefined): ServedBuilds {
  if (!generation) return { remotes: {} };
  const { hostBuild, builds } = generation.render;
  const remotes = Object.fromEntries(
    Object.entries(builds?.remotes ?? {}).map(([remote, listed]) => [
      remote,
      listed.map(({ build }, index) => ({ build, choice: index === 0 ? ('first' as const) : ('fallback' as const) })),
    ]),
  );
  return { generation: generation.id, hostBuild: builds?.host ?? hostBuild, remotes };
}
