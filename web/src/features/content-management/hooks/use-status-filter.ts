import { useCallback } from 'react';
import { useSearchParams } from 'react-router-dom';
import { filters, type Filter } from '../components/messages';

const PARAM = 'status';

function isFilter(value: string | null): value is Filter {
  return value !== null && (filters as readonly string[]).includes(value);
}

/**
 * The status filter lives in the address (`?status=draft|published|scheduled`, all when absent):
 * it survives a refresh, can be shared, and Back returns to the previous filter.
 */
export function useStatusFilter(): [Filter, (next: Filter) => void] {
  const [params, setParams] = useSearchParams();
  const raw = params.get(PARAM);
  const filter: Filter = isFilter(raw) ? raw : 'all';

  const setFilter = useCallback(
    (next: Filter) => {
      if (next === filter) return; // no second history entry for the same filter
      setParams((current) => {
        const updated = new URLSearchParams(current);
        if (next === 'all') updated.delete(PARAM);
        else updated.set(PARAM, next);
        return updated;
      });
    },
    [filter, setParams],
  );

  return [filter, setFilter];
}
