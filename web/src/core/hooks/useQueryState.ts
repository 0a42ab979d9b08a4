import { useCallback } from 'react';
import { useSearchParams } from 'react-router';

/**
 * URL-as-state: a query-string parameter read and written like useState. The default is not written
 * to the URL; setting the default (or null) removes the parameter. History entries are replaced.
 */
export function useQueryState(key: string, defaultValue: string): [string, (value: string | null) => void] {
  const [params, setParams] = useSearchParams();
  const value = params.get(key) ?? defaultValue;
  const setValue = useCallback(
    (next: string | null) => {
      setParams(
        (current) => {
          const updated = new URLSearchParams(current);
          if (next === null || next === defaultValue) updated.delete(key);
          else updated.set(key, next);
          return updated;
        },
        { replace: true },
      );
    },
    [key, defaultValue, setParams],
  );
  return [value, setValue];
}
