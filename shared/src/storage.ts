/**
 * Versioned JSON in Web Storage. Anything we did not write ourselves (an old version,
 * another app's data under our key, hand-edited junk, a full or disabled storage) reads
 * as "nothing stored" instead of throwing, so a bad value can never crash a page.
 */
export interface VersionedEnvelope<T> {
  version: number;
  data: T;
}

export interface StoredValue<T> {
  key: string;
  version: number;
  /** Returns the cleaned value, or undefined when the stored data is unusable. */
  validate: (raw: unknown) => T | undefined;
}

export function getLocalStorage(): Storage | undefined {
  try {
    return typeof window === 'undefined' ? undefined : window.localStorage;
  } catch {
    // Some privacy modes throw on access.
    return undefined;
  }
}

export function readStored<T>(spec: StoredValue<T>, storage: Storage | undefined = getLocalStorage()): T | undefined {
  if (!storage) return undefined;
  let text: string | null;
  try {
    text = storage.getItem(spec.key);
  } catch {
    return undefined;
  }
  return parseStored(spec, text);
}

export function parseStored<T>(spec: StoredValue<T>, text: string | null): T | undefined {
  if (text == null) return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (!isRecord(parsed) || parsed.version !== spec.version || !('data' in parsed)) return undefined;
  return spec.validate(parsed.data);
}

export function writeStored<T>(spec: StoredValue<T>, data: T, storage: Storage | undefined = getLocalStorage()): void {
  if (!storage) return;
  const envelope: VersionedEnvelope<T> = { version: spec.version, data };
  try {
    storage.setItem(spec.key, JSON.stringify(envelope));
  } catch {
    // Quota exceeded or storage disabled: the app keeps working from memory.
  }
}

export function removeStored(spec: Pick<StoredValue<unknown>, 'key'>, storage: Storage | undefined = getLocalStorage()): void {
  try {
    storage?.removeItem(spec.key);
  } catch {
    // ignore: nothing to clean up if storage is unavailable
  }
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function isNonEmptyString(value: unknown): value is string {
  return typeof value === 'string' && value.trim().length > 0;
}

export function isLocalizedText(value: unknown): value is { en: string; vi: string } {
  return isRecord(value) && typeof value.en === 'string' && typeof value.vi === 'string';
}

/** Integer dong: finite, whole and not negative. */
export function isMoney(value: unknown): value is number {
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= 0;
}
