import { useEffect, useRef } from 'react';
import type { CheckSummary } from '@contracts';
import { useAbortableSWR } from '@web/core/hooks/useAbortableSWR';
import { fetchSummary } from '../healthApi';

export interface HealthSummaryState {
  checks: CheckSummary[] | undefined;
  error: unknown;
  /** A request is in flight (first load or refresh). */
  loading: boolean;
  refresh(): void;
}

const SUMMARY_KEY = 'health-dashboard-summary';

/**
 * The summary over `timeRange`, re-read every `intervalMs` (0 = never) through SWR's refresh interval: a tick while
 * the last read runs waits for it. A new range, a new rate, a manual refresh or unmounting aborts the request in
 * flight (spec 02 §4), so a slow old answer never overwrites a newer one; the last checks stay shown meanwhile.
 */
export function useHealthSummary(timeRange: string, intervalMs: number): HealthSummaryState {
  const { data, error, isValidating, mutate } = useAbortableSWR(
    [SUMMARY_KEY, timeRange] as const,
    (signal, [, range]) => fetchSummary({ timeRange: range }, signal),
    {
      refreshInterval: intervalMs,
      keepPreviousData: true,
      // The dashboard reads at the chosen rate, not when the window regains focus.
      revalidateOnFocus: false,
      revalidateOnReconnect: false,
      // A failed read is tried again at the chosen rate, as the next tick would; with no rate, not at all.
      shouldRetryOnError: intervalMs > 0,
      onErrorRetry: (_error, _key, _config, revalidate, options) => {
        setTimeout(() => void revalidate(options), intervalMs);
      },
    },
  );

  // A new rate reads at once (and starts its interval from now).
  const rate = useRef(intervalMs);
  useEffect(() => {
    if (rate.current === intervalMs) return;
    rate.current = intervalMs;
    void mutate();
  }, [intervalMs, mutate]);

  return { checks: data, error, loading: isValidating, refresh: () => void mutate() };
}
