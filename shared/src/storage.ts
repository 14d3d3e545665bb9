/**
 * Versioned JSON in Web Storage. Anything we did not write ourselves (an old version,
 * another app's data under our key, hand-edited junk, a full or disabled storage) reads
 * as "nothing stored" instead of throwing, so a bad value can never crash a page.
 */
import { isRecord } from './storedFields';

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

/**
 * Reads a stored value through its validator. Storage is cleaned as it is read: a value that
 * is unusable is removed, and one the validator trimmed (junk lines dropped) is written back
 * clean. A value written by a newer version of the shop is left alone for that version.
 */
export function readStored<T>(spec: StoredValue<T>, storage: Storage | undefined = getLocalStorage()): T | undefined {
  if (!storage) return undefined;
  let text: string | null;
  try {
    text = storage.getItem(spec.key);
  } catch {
    return undefined;
  }
  if (text == null) return undefined;
  const envelope = parseJson(text);
  // Left alone for the newer version of the shop that wrote it (another tab, a rollout).
  if (isRecord(envelope) && typeof envelope.version === 'number' && envelope.version > spec.version) return undefined;
  const value = validEnvelopeData(spec, envelope);
  if (value === undefined) removeStored(spec, storage);
  else if (envelopeText(spec, value) !== text) writeStored(spec, value, storage);
  return value;
}

export function parseStored<T>(spec: StoredValue<T>, text: string | null): T | undefined {
  return text == null ? undefined : validEnvelopeData(spec, parseJson(text));
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

function validEnvelopeData<T>(spec: StoredValue<T>, envelope: unknown): T | undefined {
  if (!isRecord(envelope) || envelope.version !== spec.version || !('data' in envelope)) return undefined;
  return spec.validate(envelope.data);
}

function envelopeText<T>(spec: StoredValue<T>, data: T): string {
  const envelope: VersionedEnvelope<T> = { version: spec.version, data };
  return JSON.stringify(envelope);
}

/** Writes the value; false when storage refused it (full, disabled), and the app goes on from memory. */
export function writeStored<T>(spec: StoredValue<T>, data: T, storage: Storage | undefined = getLocalStorage()): boolean {
  if (!storage) return false;
  try {
    storage.setItem(spec.key, envelopeText(spec, data));
    return true;
  } catch {
    return false;
  }
}

export function removeStored(spec: Pick<StoredValue<unknown>, 'key'>, storage: Storage | undefined = getLocalStorage()): void {
  try {
    storage?.removeItem(spec.key);
  } catch {
    // ignore: nothing to clean up if storage is unavailable
  }
}
