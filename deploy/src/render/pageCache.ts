/** Pages rendered on demand, kept (LRU by entries and bytes), under global and per-client render limits. */
// Why: docs/decisions/serving.md#render-limits
import { LRUCache } from 'lru-cache';

const PAGE_CACHE_LIMITS = {
  entries: 256,
  bytes: 16 * 1024 * 1024,
  rendering: 2,
  waiting: 8,
  perSecond: 20,
  perClient: { active: 4, perSecond: 10 },
};

export type PageCacheLimits = typeof PAGE_CACHE_LIMITS;

/** Clients whose share is remembered at once; the quietest are forgotten first. */
const KNOWN_CLIENTS = 10_000;

/** What became of one request: kept already, rendered now (or joined to a render under way), failed, or refused and why. */
export type CacheOutcome = 'kept' | 'rendered' | 'joined' | 'failed' | 'refused-client' | 'refused-rate' | 'refused-queue';

/** Starts within the last second, at most `perSecond` of them: `take()` says whether one more may start now. */
function rateWindow(perSecond: number) {
  const started: number[] = [];
  return {
    take(now: number): boolean {
      while (started.length > 0 && now - started[0]! >= 1000) started.shift();
      if (started.length >= perSecond) return false;
      started.push(now);
      return true;
    },
    idle: (now: number) => started.every((at) => now - at >= 1000),
  };
}

export function pageCache<T extends NonNullable<unknown>>(sizeOf: (value: T) => number, limits: PageCacheLimits = PAGE_CACHE_LIMITS) {
  const kept = new LRUCache<string, T>({
    max: limits.entries,
    maxSize: limits.bytes,
    sizeCalculation: (value) => Math.max(1, sizeOf(value)),
  });
  const inFlight = new Map<string, Promise<T | undefined>>();
  const queue: Array<() => void> = [];
  const rate = rateWindow(limits.perSecond);
  const clients = new Map<string, { active: number; rate: ReturnType<typeof rateWindow> }>();
  let running = 0;

  /** The client's share, if it has room for one more render now (taking it). */
  const clientShare = (client: string, now: number) => {
    let share = clients.get(client);
    if (!share) {
      if (clients.size >= KNOWN_CLIENTS)
        for (const [known, other] of clients) if (other.active === 0 && other.rate.idle(now)) clients.delete(known);
      share = { active: 0, rate: rateWindow(limits.perClient.perSecond) };
      clients.set(client, share);
    }
    return share.active < limits.perClient.active && share.rate.take(now) ? share : undefined;
  };

  const slot = (): Promise<void> | undefined => {
    if (running < limits.rendering) {
      running += 1;
      return Promise.resolve();
    }
    if (queue.length >= limits.waiting) return undefined;
    return new Promise((resolve) => queue.push(resolve));
  };
  const release = () => {
    const next = queue.shift();
    if (next) next();
    else running -= 1;
  };

  return {
    get size() {
      return { entries: kept.size, bytes: kept.calculatedSize };
    },
    get load() {
      return { rendering: running, waiting: queue.length };
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
      const now = performance.now();
      const share = client === undefined ? undefined : clientShare(client, now);
      if (client !== undefined && !share) return refused('refused-client');
      if (!rate.take(now)) return refused('refused-rate');
      const turn = slot();
      if (!turn) return refused('refused-queue');
      if (share) share.active += 1;
      const made = turn
        .then(make)
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
          if (share) share.active -= 1;
          release();
        });
      inFlight.set(key, made);
      return made;
    },
  };
}
