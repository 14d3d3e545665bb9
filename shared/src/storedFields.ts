/**
 * Rules for data that comes back from outside this tab's memory (localStorage, another tab):
 * it is treated as input from a stranger. Anything that does not fit is dropped, never shown.
 */
import type { LocalizedText } from './types';

export const STORED_LIMITS = {
  /** Names, labels, statuses. */
  text: 200,
  /** Ids, slugs, line keys. */
  id: 120,
  url: 2048,
  /** Integer dong for one item: far above any scarf, far below precision loss. */
  unitPrice: 1_000_000_000,
  /** Integer dong for one order: 100 items at the highest unit price, plus shipping and tax. */
  orderTotal: 200_000_000_000,
  cartLines: 50,
  wishlistItems: 100,
  orders: 100,
  orderItems: 100,
} as const;

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Non-blank text no longer than `max`. */
export function isBoundedText(value: unknown, max: number = STORED_LIMITS.text): value is string {
  return typeof value === 'string' && value.trim().length > 0 && value.length <= max;
}

/** Ids, slugs and keys: letters, digits and - _ | . only (no markup, no spaces, no line breaks). */
export function isIdentifier(value: unknown): value is string {
  return typeof value === 'string' && value.length <= STORED_LIMITS.id && /^[\w.|-]+$/.test(value);
}

export function isLocalizedText(value: unknown): value is LocalizedText {
  return isRecord(value) && isBoundedText(value.en) && isBoundedText(value.vi);
}

/** Integer dong: whole, not negative, and at most `max`, so sums stay exact. */
export function isMoney(value: unknown, max: number = STORED_LIMITS.unitPrice): value is number {
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= 0 && value <= max;
}

const IMAGE_PATH = /\.(svg|png|webp|jpe?g|avif)$/i;

/**
 * An image the shop could have made: an http(s) URL (or a path on this origin) to an image
 * file, without credentials. `javascript:`, `data:` and anything that is not an image file
 * are refused. Which origins may serve images is the page's to say (`imageOriginsConfigured`).
 */
export function isImageUrl(value: unknown): value is string {
  if (typeof value !== 'string' || value.length === 0 || value.length > STORED_LIMITS.url) return false;
  let url: URL;
  try {
    url = new URL(value, 'https://relative.invalid/');
  } catch {
    return false;
  }
  return (
    (url.protocol === 'https:' || url.protocol === 'http:') && url.username === '' && url.password === '' && IMAGE_PATH.test(url.pathname)
  );
}

/** Whether `url` (absolute, or relative to `base`) is served from one of `origins`. */
export function hasOriginIn(url: string, origins: readonly string[], base: string): boolean {
  try {
    return origins.includes(new URL(url, base).origin);
  } catch {
    return false;
  }
}
