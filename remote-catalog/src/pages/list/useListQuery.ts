import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import { parseListQuery, serializeListQuery, type ListQuery } from '../../catalog/listQuery';

/** The list's sort, filters and view, read from and written to the URL query. */
export function useListQuery() {
  const [params, setParams] = useSearchParams();
  const query = useMemo(() => parseListQuery(params), [params]);
  const update = useCallback(
    (change: Partial<ListQuery>) => setParams(serializeListQuery({ ...query, ...change }), { replace: false, preventScrollReset: true }),
    [query, setParams],
  );
  return [query, update] as const;
}
