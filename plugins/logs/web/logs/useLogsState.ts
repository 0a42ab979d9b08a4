import { useMemo } from 'react';
import { useQueryState } from '@web/core/hooks/useQueryState';
import { timeRangeMs } from '@web/core/timeRange';

/** The search's start when the URL names none: the last hour (the gateway's default too). */
export const DEFAULT_LOGS_START = 'now-1h';

/**
 * The URL's `start` as the gateway takes it: `now-<range>` of the spec's ranges, or an absolute date (a shared link);
 * anything else is the default. Relative starts are sent as they are, so the gateway's clock decides what "now" is.
 */
export function searchStart(start: string): string {
  const relative = /^now-(.+)$/.exec(start);
  if (relative) return timeRangeMs(relative[1]) !== undefined ? start : DEFAULT_LOGS_START;
  const absolute = Date.parse(start);
  return Number.isNaN(absolute) ? DEFAULT_LOGS_START : new Date(absolute).toISOString();
}

/**
 * Spec 01 /logs: everything the page shows is in the query string, so a link shares it: `topologyId` (the component),
 * `logsSelector` (its log name), `query` (the search text) and `start` (the time range). Choosing another component
 * drops the selector (the new component's first is chosen then).
 */
export function useLogsState() {
  const [topologyId, setTopologyId] = useQueryState('topologyId', '');
  const [logsSelector, setLogsSelector] = useQueryState('logsSelector', '');
  const [query, setQuery] = useQueryState('query', '');
  const [start, setStart] = useQueryState('start', DEFAULT_LOGS_START);
  // Stable setters: the page's effects depend on them.
  const setters = useMemo(
    () => ({
      setComponent: (id: string) => {
        setTopologyId(id || null);
        setLogsSelector(null);
      },
      setLogsSelector: (name: string) => setLogsSelector(name || null),
      setQuery: (text: string) => setQuery(text || null),
      setStart: (range: string) => setStart(range),
    }),
    [setTopologyId, setLogsSelector, setQuery, setStart],
  );
  return { topologyId, logsSelector, query, start, ...setters };
}

export type LogsState = ReturnType<typeof useLogsState>;
