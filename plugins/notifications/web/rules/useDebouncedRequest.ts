import { useEffect, useState } from 'react';
import { errorMessage } from '@web/core/api';

export const DEBOUNCE_MS = 400;

export interface DebouncedResult<T> {
  data: T | null;
  error: string | null;
  loading: boolean;
}

/**
 * Calls `request` once the input (`key`) has stayed the same for DEBOUNCE_MS, cancelling the call of an older input;
 * a null key clears the result. For checks that follow typing (the CEL filter, the template preview).
 */
export function useDebouncedRequest<T>(key: string | null, request: (signal: AbortSignal) => Promise<T>): DebouncedResult<T> {
  const [result, setResult] = useState<DebouncedResult<T>>({ data: null, error: null, loading: false });
  useEffect(() => {
    if (key === null) {
      setResult({ data: null, error: null, loading: false });
      return;
    }
    const controller = new AbortController();
    setResult((current) => ({ ...current, loading: true }));
    const timer = setTimeout(() => {
      request(controller.signal).then(
        (data) => !controller.signal.aborted && setResult({ data, error: null, loading: false }),
        (error: unknown) => !controller.signal.aborted && setResult({ data: null, error: errorMessage(error), loading: false }),
      );
    }, DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
    // The key names everything the request reads: a new request function alone is no new input.
  }, [key]);
  return result;
}
