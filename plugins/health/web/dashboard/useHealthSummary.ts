import { useCallback, useEffect, useRef, useState } from 'react';
import type { CheckSummary } from '@contracts';
import { fetchSummary } from '../healthApi';

export interface HealthSummaryState {
  checks: CheckSummary[] | undefined;
  error: unknown;
  /** A request is in flight (first load or refresh). */
  loading: boolean;
  refresh(): void;
}

/**
 * The summary over `timeRange`, re-read every `intervalMs` (0 = never). A new range, a new rate, a manual
 * refresh or unmounting aborts the request in flight (spec 02 §4), so a slow old answer never overwrites a newer one.
 */
export function useHealthSummary(timeRange: string, intervalMs: number): HealthSummaryState {
  const [checks, setChecks] = useState<CheckSummary[] | undefined>(undefined);
  const [error, setError] = useState<unknown>(undefined);
  const [loading, setLoading] = useState(true);
  const inFlight = useRef<AbortController | null>(null);

  const load = useCallback(() => {
    inFlight.current?.abort();
    const controller = new AbortController();
    inFlight.current = controller;
    setLoading(true);
    fetchSummary({ timeRange }, controller.signal).then(
      (result) => {
        if (controller.signal.aborted) return;
        setChecks(result);
        setError(undefined);
        setLoading(false);
      },
      (cause: unknown) => {
        if (controller.signal.aborted) return;
        setError(cause);
        setLoading(false);
      },
    );
  }, [timeRange]);

  useEffect(() => {
    load();
    const timer = intervalMs > 0 ? setInterval(load, intervalMs) : undefined;
    return () => {
      if (timer) clearInterval(timer);
      inFlight.current?.abort();
      inFlight.current = null;
    };
  }, [load, intervalMs]);

  return { checks, error, loading, refresh: load };
}
