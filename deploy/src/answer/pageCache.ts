/** Pages rendered on demand, kept (LRU by entries and bytes), under global and per-client render limits. */
// Why: docs/decisions/serving.md#render-limits
import { LRUCache } from 'lru-cache';
import pLimit from 'p-limit';
import { perClientRate } from './perClientRate.ts';

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
  const admission = renderAdmission(limits, renders);

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
      const refused = admission.refusal(client);
      if (refused) return (onOutcome(refused), Promise.resolve(undefined));
      admission.started(client);
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
          admission.ended(client);
        });
      inFlight.set(key, made);
      return made;
    },
  };
}

/** Whether a render may start: the per-client and global rates, each client's renders under way, the queue's length. */
function renderAdmission(limits: PageCacheLimits, renders: ReturnType<typeof pLimit>) {
  // Token buckets: a second's worth at once, then `perSecond`; everyone's is one client's.
  const rate = perClientRate({ burst: limits.perSecond, perSecond: limits.perSecond });
  const clientRate = perClientRate({ burst: limits.perClient.perSecond, perSecond: limits.perClient.perSecond });
  /** Each client's renders under way or queued (none kept once they are done). */
  const active = new Map<string, number>();
  const count = (client: string | undefined, change: number) => {
    if (client === undefined) return;
    const now = (active.get(client) ?? 0) + change;
    if (now > 0) active.set(client, now);
    else active.delete(client);
  };
  return {
    /** The first limit a render for `client` meets now (a rate's token is taken only when the limits before it pass), or undefined. */
    refusal(client: string | undefined): CacheOutcome | undefined {
      if (client !== undefined && ((active.get(client) ?? 0) >= limits.perClient.active || !clientRate(client))) return 'refused-client';
      if (!rate('')) return 'refused-rate';
      if (renders.activeCount + renders.pendingCount >= limits.rendering + limits.waiting) return 'refused-queue';
      return undefined;
    },
    started: (client: string | undefined) => count(client, 1),
    ended: (client: string | undefined) => count(client, -1),
  };
}
