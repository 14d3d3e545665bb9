import { useCallback, useMemo, useState } from 'react';
import { getLocalStorage, readStored, removeStored, writeStored, type StoredValue } from './storage';
import { useHydrated } from './useHydrated';

/**
 * A value an app keeps between visits outside the shared store (a profile, saved checkout
 * details): read once, validated, and written or removed through the same rules as the store's
 * slices. The one way apps persist anything. Like everything stored, it is not there while a
 * rendered page is taken over (the server knows nothing of it), and is from the render after.
 */
export function useStoredValue<T>(spec: StoredValue<T>): [T | undefined, (value: T | undefined) => void] {
  const hydrated = useHydrated();
  const stored = useMemo(() => (hydrated ? readStored(spec) : undefined), [hydrated, spec]);
  const [saved, setSaved] = useState<{ value: T | undefined }>();
  const save = useCallback(
    (next: T | undefined) => {
      if (next === undefined) removeStored(spec, getLocalStorage());
      else writeStored(spec, next);
      setSaved({ value: next });
    },
    [spec],
  );
  return [saved ? saved.value : stored, save];
}
