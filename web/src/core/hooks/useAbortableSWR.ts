import { useEffect, useRef } from 'react';
import useSWR, { useSWRConfig, type BareFetcher, type Key, type SWRConfiguration, type SWRResponse } from 'swr';

/** What a read rejects with when a newer read (or unmounting) cancelled it: never shown, never retried. */
const CANCELLED = new Error('cancelled: a newer read replaced it');

/**
 * SWR for reads that must not race (spec 02 §7: "in-flight requests are aborted on change"): the fetcher gets an
 * AbortSignal, and starting another read of this hook (a new key, `mutate()`) or unmounting aborts the one in flight,
 * so a slow old answer never lands. A cancelled read is not an error. Polling is SWR's `refreshInterval`: a tick
 * while a read is in flight waits for it (SWR deduplicates) rather than aborting it.
 *
 * One consumer per key: the read is cancelled on behalf of this hook, not of others sharing the key.
 */
export function useAbortableSWR<Data, K extends Key>(
  key: K,
  fetcher: (signal: AbortSignal, key: K) => Promise<Data>,
  config: SWRConfiguration<Data, unknown> = {},
): SWRResponse<Data, unknown> {
  const inherited = useSWRConfig().shouldRetryOnError;
  const inFlight = useRef<AbortController | null>(null);
  useEffect(() => () => inFlight.current?.abort(), []);

  const retry = config.shouldRetryOnError ?? inherited;
  const cancellable = (current: K): Promise<Data> => {
    inFlight.current?.abort();
    const controller = new AbortController();
    inFlight.current = controller;
    return fetcher(controller.signal, current).then(
      (data) => {
        if (inFlight.current === controller) inFlight.current = null;
        return data;
      },
      (error: unknown) => {
        if (inFlight.current === controller) inFlight.current = null;
        throw controller.signal.aborted ? CANCELLED : error;
      },
    );
  };
  // SWR's fetcher type is computed from the key's type, which a generic key leaves open: typed as a bare fetcher.
  const response = useSWR<Data, unknown>(key, cancellable as unknown as BareFetcher<Data>, {
    ...config,
    shouldRetryOnError: (error: unknown) => error !== CANCELLED && (typeof retry === 'function' ? retry(error as Error) : retry !== false),
  });
  const error = response.error === CANCELLED ? undefined : response.error;
  return { data: response.data, error, isLoading: response.isLoading, isValidating: response.isValidating, mutate: response.mutate };
}
