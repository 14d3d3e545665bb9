/**
 * What each page load has already reported, so that it counts at most once per signal: one view per
 * page shown, one LCP, INP and CLS, one error per page shown and remote, one load and one failure per
 * remote. Bounded: at most MAX_PAGE_LOADS page loads (the least recently heard forgotten first, as
 * their tokens expire) and MAX_KEYS_PER_LOAD reports each.
 */
import { LRUCache } from 'lru-cache';
import { TOKEN_LIFE_MS } from './pageLoadTokens.ts';

const MAX_PAGE_LOADS = 200_000;
/** Pages one page load may show: a visit of an hour inside the shop, and more. */
export const MAX_VIEWS_PER_LOAD = 64;
const MAX_KEYS_PER_LOAD = 4 * MAX_VIEWS_PER_LOAD;

interface Reported {
  keys: Set<string>;
  views: number;
}

/** One page load's reports, as `pageLoadsHeard().of(id)` gives them. */
export interface PageLoadHeard {
  /** Whether the page load reports `key` for the first time (and may: a view within its page budget). */
  first(key: string, isView?: boolean): boolean;
  /** Whether it has reported `key`. */
  has(key: string): boolean;
}

export function pageLoadsHeard(max = MAX_PAGE_LOADS) {
  const heard = new LRUCache<string, Reported>({ max, ttl: TOKEN_LIFE_MS });
  return {
    /** Page load `id`'s reports (looked up once a beacon). */
    of(id: string): PageLoadHeard {
      let reported = heard.get(id);
      if (!reported) heard.set(id, (reported = { keys: new Set(), views: 0 }));
      const { keys } = reported;
      return {
        has: (key) => keys.has(key),
        first(key, isView = false) {
          if (keys.has(key) || keys.size >= MAX_KEYS_PER_LOAD) return false;
          if (isView && reported.views >= MAX_VIEWS_PER_LOAD) return false;
          keys.add(key);
          if (isView) reported.views += 1;
          return true;
        },
      };
    },
  };
}

export type PageLoadsHeard = ReturnType<typeof pageLoadsHeard>;
