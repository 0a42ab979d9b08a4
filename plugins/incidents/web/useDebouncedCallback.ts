import { useEffect, useMemo, useRef } from 'react';

/** Calls `callback` once the calls stop for `delayMs`; a pending call is flushed on unmount. */
export function useDebouncedCallback<A extends unknown[]>(callback: (...args: A) => void, delayMs: number) {
  const latest = useRef(callback);
  latest.current = callback;
  const pending = useRef<{ timer: ReturnType<typeof setTimeout>; args: A } | null>(null);

  useEffect(
    () => () => {
      if (pending.current) {
        clearTimeout(pending.current.timer);
        latest.current(...pending.current.args);
        pending.current = null;
      }
    },
    [],
  );

  return useMemo(
    () =>
      (...args: A) => {
        if (pending.current) clearTimeout(pending.current.timer);
        const timer = setTimeout(() => {
          pending.current = null;
          latest.current(...args);
        }, delayMs);
        pending.current = { timer, args };
      },
    [delayMs],
  );
}
