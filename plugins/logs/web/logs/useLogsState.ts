import { useMemo } from 'react';
import { useQueryState } from '@web/core/hooks/useQueryState';
import { type TimeRange, relativeTimeRange, timeRangeQuery, useTimeRangeParams } from '@web/core/timeRange';

/** The search's start when the URL names none: the last hour (the gateway's default too). */
export const DEFAULT_LOGS_START = 'now-1h';
export const DEFAULT_LOGS_RANGE = relativeTimeRange(DEFAULT_LOGS_START) as TimeRange;

/**
 * Spec 01 /logs: everything the page shows is in the query string, so a link shares it: `topologyId` (the component),
 * `logsSelector` (its log name), `query` (the search text) and the time range (the shared picker's parameters; links
 * with the former `start` still read). Choosing another component drops the selector (the new component's first is
 * chosen then).
 */
export function useLogsState() {
  const [topologyId, setTopologyId] = useQueryState('topologyId', '');
  const [logsSelector, setLogsSelector] = useQueryState('logsSelector', '');
  const [query, setQuery] = useQueryState('query', '');
  const [timeRange, setTimeRange] = useTimeRangeParams(DEFAULT_LOGS_RANGE, '', { from: 'start' });
  // Relative ranges are sent as they are (`now-1h`), so the gateway's clock decides what "now" is.
  const { from: start, to: end } = useMemo(() => timeRangeQuery(timeRange), [timeRange]);
  // Stable setters: the page's effects depend on them.
  const setters = useMemo(
    () => ({
      setComponent: (id: string) => {
        setTopologyId(id || null);
        setLogsSelector(null);
      },
      setLogsSelector: (name: string) => setLogsSelector(name || null),
      setQuery: (text: string) => setQuery(text || null),
      setTimeRange,
    }),
    [setTopologyId, setLogsSelector, setQuery, setTimeRange],
  );
  return { topologyId, logsSelector, query, timeRange, start, end, ...setters };
}

export type LogsState = ReturnType<typeof useLogsState>;
