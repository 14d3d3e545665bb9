/** The beacon's address and limits, without the validator: the page's sending code and beacon.ts's schema both read them here. */

/** Where pages send beacons: on the shop's own origin, so the page policy names no other. */
export const SIGNALS_PATH = '/rum';
/**
 * One beacon's most bytes and records; pages batch below them. Small, so that a full beacon costs the
 * answerer no more than a page answer (docs/performance.md, "What a beacon costs").
 */
export const MAX_BEACON_BYTES = 4 * 1024;
export const MAX_RECORDS = 32;
export const MAX_PAGE = 1024;
export const MAX_URL = 2048;
export const MAX_BUILD = 128;
/** Milliseconds for LCP and INP, a score for CLS: never more. */
export const MAX_MEASURE = 600_000;
/** Where a page asks for its page-load token (POST, never cached); its beacons carry it as `?t=`. */
export const PAGE_LOAD_PATH = '/rum/page-load';
export const TOKEN_PARAMETER = 't';
