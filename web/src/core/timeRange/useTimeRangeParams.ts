import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { useQueryState } from '@web/core/hooks/useQueryState';
import { type LegacyTimeRangeParams, parseTimeRangeParams, timeRangeParamNames, timeRangeParamValues } from './params';
import type { TimeRange } from './types';

/**
 * A page's time range in the URL query (spec 03 §4): choosing one writes its type, display and values and removes
 * the others; `undefined` (Clear) removes every time parameter, and the page is back on `defaultRange`. Writes go
 * through useQueryState, so a page may reset its paging in the same handler and both land. `legacy` names the
 * parameters the page used before, read when the URL has no range type (see params.ts).
 */
export function useTimeRangeParams(defaultRange: TimeRange, prefix = '', legacy?: LegacyTimeRangeParams): [TimeRange, (next: TimeRange | undefined) => void] {
  const [params] = useSearchParams();
  const names = timeRangeParamNames(prefix);
  const [, setType] = useQueryState(names.type, '');
  const [, setDisplay] = useQueryState(names.display, '');
  const [, setRange] = useQueryState(names.range, '');
  const [, setFrom] = useQueryState(names.from, '');
  const [, setTo] = useQueryState(names.to, '');
  const [, setLegacyFrom] = useQueryState(legacy?.from ?? names.from, '');
  const [, setLegacyTo] = useQueryState(legacy?.to ?? names.to, '');

  const search = params.toString();
  const value = useMemo(
    () => parseTimeRangeParams(new URLSearchParams(search), prefix, legacy) ?? defaultRange,
    // The default and the legacy names are constants of the page; a new object each render must not re-parse.
    [search, prefix],
  );

  const setValue = useCallback(
    (next: TimeRange | undefined) => {
      // Legacy parameters first: when a page's legacy name is also a new one (`from`), the new value wins.
      if (legacy && legacy.from !== names.from) setLegacyFrom(null);
      if (legacy?.to && legacy.to !== names.to) setLegacyTo(null);
      const values = timeRangeParamValues(next, prefix);
      setType(values[names.type]);
      setDisplay(values[names.display]);
      setRange(values[names.range]);
      setFrom(values[names.from]);
      setTo(values[names.to]);
    },
    [prefix, setType, setDisplay, setRange, setFrom, setTo, setLegacyFrom, setLegacyTo],
  );
  return [value, setValue];
}
