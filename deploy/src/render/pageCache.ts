/**
 * Pages rendered on demand, kept: a cache bounded in entries and in bytes (the least recently used
 * page goes first), one render per key at a time (a second request waits for the first), at most
 * `rendering` renders at once with `waiting` more queued, and at most `perSecond` renders started
 * in any second. Past that a request is not rendered at all (`undefined`: the caller answers
 * without the page, as cheaply as a 404), so a flood of distinct addresses costs a bounded amount
 * of work and memory, never more.
 */
export interface PageCacheLimits {
  entries: number;
  bytes: number;
  /** Renders under way at once. */
  rendering: number;
  /** Renders queued behind them; more are refused. */
  waiting: number;
  /** Renders started in any one second (a render costs a few milliseconds of a core). */
  perSecond: number;
}

export const PAGE_CACHE_LIMITS: PageCacheLimits = { entries: 256, bytes: 16 * 1024 * 1024, rendering: 2, waiting: 8, perSecond: 20 };

export interface PageCache<T> {
  /** The kept value for `key`, or `make()`'s (kept if defined), or undefined when too many renders are under way. */
  get(key: string, make: () => Promise<T | undefined>): Promise<T | undefined>;
  readonly size: { entries: number; bytes: number };
}

export function pageCache<T>(sizeOf: (value: T) => number, limits: PageCacheLimits = PAGE_CACHE_LIMITS): PageCache<T> {
  const kept = new Map<string, { value: T; bytes: number }>();
  const inFlight = new Map<string, Promise<T | undefined>>();
  const queue: Array<() => void> = [];
  let running = 0;
  let bytes = 0;

  const keep = (key: string, value: T) => {
    const size = sizeOf(value);
    if (size > limits.bytes) return;
    kept.set(key, { value, bytes: size });
    bytes += size;
    for (const [oldest, entry] of kept) {
      if (kept.size <= limits.entries && bytes <= limits.bytes) break;
      kept.delete(oldest);
      bytes -= entry.bytes;
    }
  };

  /** When the renders of the last second started: a render is refused while there are `perSecond` of them. */
  const started: number[] = [];
  const withinRate = () => {
    const now = performance.now();
    while (started.length > 0 && now - started[0]! >= 1000) started.shift();
    if (started.length >= limits.perSecond) return false;
    started.push(now);
    return true;
  };

  const slot = (): Promise<void> | undefined => {
    if (!withinRate()) return undefined;
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
      return { entries: kept.size, bytes };
    },
    get(key, make) {
      const hit = kept.get(key);
      if (hit) {
        // Most recently used: last in the map's order.
        kept.delete(key);
        kept.set(key, hit);
        return Promise.resolve(hit.value);
      }
      const pending = inFlight.get(key);
      if (pending) return pending;
      const turn = slot();
      if (!turn) return Promise.resolve(undefined);
      const made = turn
        .then(make)
        .then(
          (value) => {
            if (value !== undefined) keep(key, value);
            return value;
          },
          () => undefined,
        )
        .finally(() => {
          inFlight.delete(key);
          release();
        });
      inFlight.set(key, made);
      return made;
    },
  };
}
