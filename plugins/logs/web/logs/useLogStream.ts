import { useEffect, useState } from 'react';
import type { LogLine, LogSearchRequest } from '@contracts';
import { errorMessage } from '@web/core/api';
import { type LogStreamEnd, streamLogs } from './logsApi';

export interface LogStreamState {
  /** Every line received so far, in the order the backend sent them (newest first). */
  lines: readonly LogLine[];
  /** The search is under way (lines may be arriving). */
  loading: boolean;
  /** How the stream ended; null while it runs or when it failed. */
  end: LogStreamEnd | null;
  /** Why the search failed (a 4xx/5xx's message, or the stream's `{error}` line); lines before it stay. */
  error: string | null;
}

const IDLE: LogStreamState = { lines: [], loading: false, end: null, error: null };

/**
 * The results of one log search, streamed: `request` null means no search. A new request (any input changed) or
 * unmounting aborts the one in flight, so lines of an old search never land in the new one.
 */
export function useLogStream(request: LogSearchRequest | null): LogStreamState {
  // The request's identity is its content: the page builds a new object on every render.
  const key = request ? JSON.stringify(request) : null;
  const [state, setState] = useState<LogStreamState & { key: string | null }>({ ...IDLE, key: null });

  useEffect(() => {
    if (!key) return;
    const body = JSON.parse(key) as LogSearchRequest;
    const controller = new AbortController();
    setState({ lines: [], loading: true, end: null, error: null, key });
    streamLogs(
      body,
      {
        onLines: (lines) => {
          if (!controller.signal.aborted) setState((current) => ({ ...current, lines: current.lines.concat(lines) }));
        },
        onEnd: (end) => {
          if (!controller.signal.aborted) setState((current) => ({ ...current, end }));
        },
      },
      controller.signal,
    ).then(
      () => {
        if (!controller.signal.aborted) setState((current) => ({ ...current, loading: false }));
      },
      (error: unknown) => {
        if (!controller.signal.aborted) setState((current) => ({ ...current, loading: false, end: null, error: errorMessage(error) }));
      },
    );
    return () => controller.abort();
  }, [key]);

  // Before the effect of a new request has run, the old request's lines are not shown under the new inputs.
  if (!key) return IDLE;
  if (state.key !== key) return { ...IDLE, loading: true };
  return state;
}
