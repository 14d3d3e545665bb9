import { useCallback, useState } from 'react';
import { getLocalStorage, readStored, removeStored, writeStored, type StoredValue } from './storage';

/**
 * A value an app keeps between visits outside the shared store (a profile, saved checkout
 * details): read once, validated, and written or removed through the same rules as the store's
 * slices. The one way apps persist anything.
 */
export function useStoredValue<T>(spec: StoredValue<T>): [T | undefined, (value: T | undefined) => void] {
  const [value, setValue] = useState<T | undefined>(() => readStored(spec));
  const save = useCallback(
    (next: T | undefined) => {
      if (next === undefined) removeStored(spec, getLocalStorage());
      else writeStored(spec, next);
      setValue(next);
    },
    [spec],
  );
  return [value, save];
}
