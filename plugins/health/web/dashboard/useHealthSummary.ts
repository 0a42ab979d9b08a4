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
 * The summary over `timeRange`, re-read every `intervalMs` (0 = never; a tick skips while the last read runs). A
 * new range, a new rate, a manual refresh or unmounting aborts the request in flight (spec 02 §4), so a slow old
 * answer never overwrites a newer one.
 */
export function useHealthSummary(timeRange: string, intervalMs: number): HealthSummaryState {
  const [checks, setChecks] = useState<CheckSummary[] | undefined>(undefined);
  const [error, setError] = useState<unknown>(undefined);
  const [loading, setLoading] = useState(true);
  const inFlight = useRef<AbortController | null>(null);
  /** The request in `inFlight` has answered. */
  const settled = useRef(true);

  const load = useCallback(() => {
    inFlight.current?.abort();
    const controller = new AbortController();
    inFlight.current = controller;
    settled.current = false;
    setLoading(true);
    fetchSummary({ timeRange }, controller.signal).then(
      (result) => {
        if (controller.signal.aborted) return;
        settled.current = true;
        setChecks(result);
        setError(undefined);
        setLoading(false);
      },
      (cause: unknown) => {
        if (controller.signal.aborted) return;
        settled.current = true;
        setError(cause);
        setLoading(false);
      },
    );
  }, [timeRange]);

  useEffect(() => {
    load();
    // A tick while the last read is still running skips: aborting it would mean no read ever finishes when the
    // summary takes longer than the interval.
    const tick = () => {
      if (!inFlight.current || inFlight.current.signal.aborted || settled.current) load();
    };
    const timer = intervalMs > 0 ? setInterval(tick, intervalMs) : undefined;
    return () => {
      if (timer) clearInterval(timer);
      inFlight.current?.abort();
      inFlight.current = null;
    };
  }, [load, intervalMs]);

  return { checks, error, loading, refresh: load };
}
