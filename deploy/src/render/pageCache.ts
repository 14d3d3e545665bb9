/** Pages rendered on demand, kept (LRU by entries and bytes), under global and per-client render limits. */
// Why: docs/decisions/serving.md#render-limits
import { LRUCache } from 'lru-cache';
import pLimit from 'p-limit';
import { perClientRate } from '../observe/perClientRate.ts';

const PAGE_CACHE_LIMITS = {
  entries: 256,
  bytes: 16 * 1024 * 1024,
  rendering: 2,
  waiting: 8,
  perSecond: 20,
  perClient: { active: 4, perSecond: 10 },
};

export type PageCacheLimits = typeof PAGE_CACHE_LIMITS;

/** What became of one request: kept already, rendered now (or joined to a render under way), failed, or refused and why. */
export type CacheOutcome = 'kept' | 'rendered' | 'joined' | 'failed' | 'refused-client' | 'refused-rate' | 'refused-queue';

export function pageCache<T extends NonNullable<unknown>>(sizeOf: (value: T) => number, limits: PageCacheLimits = PAGE_CACHE_LIMITS) {
  const kept = new LRUCache<string, T>({
    max: limits.entries,
    maxSize: limits.bytes,
    sizeCalculation: (value) => Math.max(1, sizeOf(value)),
  });
  const inFlight = new Map<string, Promise<T | undefined>>();
  const renders = pLimit(limits.rendering);
  // Token buckets: a second's worth at once, then `perSecond`; everyone's is one client's.
  const rate = perClientRate({ burst: limits.perSecond, perSecond: limits.perSecond });
  const clientRate = perClientRate({ burst: limits.perClient.perSecond, perSecond: limits.perClient.perSecond });
  /** Each client's renders under way or queued (none kept once they are done). */
  const active = new Map<string, number>();
  const count = (client: string, change: number) => {
    const now = (active.get(client) ?? 0) + change;
    if (now > 0) active.set(client, now);
    else active.delete(client);
  };

  return {
    get size() {
      return { entries: kept.size, bytes: kept.calculatedSize };
    },
    get load() {
      return { rendering: renders.activeCount, waiting: renders.pendingCount };
    },
    /** The kept value for `key`, or `make()`'s (kept if defined); undefined past a limit. `client`'s share counts the render. */
    get(
      key: string,
      make: () => Promise<T | undefined>,
      { client, onOutcome = () => {} }: { client?: string; onOutcome?: (outcome: CacheOutcome) => void } = {},
    ): Promise<T | undefined> {
      const hit = kept.get(key);
      if (hit !== undefined) {
        onOutcome('kept');
        return Promise.resolve(hit);
      }
      const pending = inFlight.get(key);
      if (pending) {
        onOutcome('joined');
        return pending;
      }
      const refused = (why: CacheOutcome) => (onOutcome(why), Promise.resolve(undefined));
      if (client !== undefined && ((active.get(client) ?? 0) >= limits.perClient.active || !clientRate(client)))
        return refused('refused-client');
      if (!rate('')) return refused('refused-rate');
      if (renders.activeCount + renders.pendingCount >= limits.rendering + limits.waiting) return refused('refused-queue');
      if (client !== undefined) count(client, 1);
      const made = renders(make)
        .then(
          (value) => {
            if (value !== undefined) kept.set(key, value);
            onOutcome(value === undefined ? 'failed' : 'rendered');
            return value;
          },
          () => (onOutcome('failed'), undefined),
        )
        .finally(() => {
          inFlight.delete(key);
          if (client !== undefined) count(client, -1);
        });
      inFlight.set(key, made);
      return made;
    },
  };
}
