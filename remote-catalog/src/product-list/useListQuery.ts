import { useCallback, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { parseListQuery, serializeListQuery, type ListQuery } from '@maison/shared';

/**
 * The list's sort, filters and view, kept in the URL query. The shopper's latest choice is
 * shown at once: the router applies the new URL asynchronously, and without this the
 * controlled checkbox or select would snap back for a moment. Back/forward re-sync from the URL.
 */
export function useListQuery() {
  const [params, setParams] = useSearchParams();
  const fromUrl = useMemo(() => parseListQuery(params), [params]);
  const [query, setQuery] = useState(fromUrl);
  // A new URL (back, forward, a link) wins over the last choice: adjusted while rendering.
  const [syncedWith, setSyncedWith] = useState(fromUrl);
  if (syncedWith !== fromUrl) {
    setSyncedWith(fromUrl);
    setQuery(fromUrl);
  }

  const update = useCallback(
    (change: Partial<ListQuery>) => {
      const next = { ...query, ...change };
      setQuery(next);
      setParams(serializeListQuery(next), { preventScrollReset: true });
    },
    [query, setParams],
  );
  return [query, update] as const;
}
