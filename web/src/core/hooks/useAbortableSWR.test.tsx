import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { SWRConfig } from 'swr';
import { useAbortableSWR } from './useAbortableSWR';

const wrapper = ({ children }: { children: ReactNode }) => (
  <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0, shouldRetryOnError: false }}>{children}</SWRConfig>
);

/** A fetcher whose reads answer only when told to, remembering each read's signal. */
function controlledFetcher() {
  const reads: Array<{ key: string; signal: AbortSignal; answer(value: string): void }> = [];
  const fetcher = jest.fn(
    (signal: AbortSignal, key: readonly [string, string]) =>
      new Promise<string>((resolve, reject) => {
        reads.push({ key: key[1], signal, answer: resolve });
        signal.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
      }),
  );
  return { fetcher, reads };
}

describe('useAbortableSWR', () => {
  it('aborts the read in flight when the key changes, and a cancelled read is no error', async () => {
    const { fetcher, reads } = controlledFetcher();
    const { result, rerender } = renderHook(({ range }) => useAbortableSWR(['summary', range] as const, fetcher), { wrapper, initialProps: { range: '1h' } });
    await waitFor(() => expect(reads).toHaveLength(1));
    rerender({ range: '1d' });
    await waitFor(() => expect(reads).toHaveLength(2));
    expect(reads[0].signal.aborted).toBe(true);
    await act(async () => reads[1].answer('day'));
    await waitFor(() => expect(result.current.data).toBe('day'));
    expect(result.current.error).toBeUndefined();
  });

  it('aborts the read in flight on mutate and on unmount', async () => {
    const { fetcher, reads } = controlledFetcher();
    const { result, unmount } = renderHook(() => useAbortableSWR(['summary', '1h'] as const, fetcher), { wrapper });
    await waitFor(() => expect(reads).toHaveLength(1));
    await act(async () => void result.current.mutate());
    await waitFor(() => expect(reads).toHaveLength(2));
    expect(reads[0].signal.aborted).toBe(true);
    unmount();
    expect(reads[1].signal.aborted).toBe(true);
  });

  it('polls with the refresh interval, a tick waiting for the read in flight instead of aborting it', async () => {
    jest.useFakeTimers({ doNotFake: ['nextTick', 'setImmediate', 'queueMicrotask'] });
    try {
      const { fetcher, reads } = controlledFetcher();
      renderHook(() => useAbortableSWR(['summary', '15m'] as const, fetcher, { refreshInterval: 15_000 }), { wrapper });
      await act(async () => undefined);
      expect(reads).toHaveLength(1);
      await act(async () => jest.advanceTimersByTime(31_000));
      expect(reads).toHaveLength(1);
      expect(reads[0].signal.aborted).toBe(false);
      await act(async () => reads[0].answer('first'));
      await act(async () => jest.advanceTimersByTime(15_000));
      expect(reads).toHaveLength(2);
    } finally {
      jest.useRealTimers();
    }
  });
});
