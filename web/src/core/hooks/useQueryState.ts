import { useCallback } from 'react';
import { useSearchParams } from 'react-router';

/**
 * The query string as written by the last setter in this task. React Router's functional update receives the
 * params of the last render, so two setters called in one handler (a filter, then `page` back to 1) would each
 * start from the old query and the second would undo the first. Each write starts from this one instead; it is
 * dropped once the handler's task is over and the router has rendered the new location.
 */
let pendingSearch: string | null = null;

/**
 * URL-as-state: a query-string parameter read and written like useState. The default is not written
 * to the URL; setting the default (or null) removes the parameter. History entries are replaced.
 * Several setters may be called one after another in one handler; all their writes land.
 */
export function useQueryState(key: string, defaultValue: string): [string, (value: string | null) => void] {
  const [params, setParams] = useSearchParams();
  const value = params.get(key) ?? defaultValue;
  const setValue = useCallback(
    (next: string | null) => {
      setParams(
        (current) => {
          const updated = new URLSearchParams(pendingSearch ?? current);
          if (next === null || next === defaultValue) updated.delete(key);
          else updated.set(key, next);
          if (pendingSearch === null) queueMicrotask(() => (pendingSearch = null));
          pendingSearch = updated.toString();
          return updated;
        },
        { replace: true },
      );
    },
    [key, defaultValue, setParams],
  );
  return [value, setValue];
}
