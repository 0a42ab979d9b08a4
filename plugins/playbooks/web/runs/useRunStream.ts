import { useCallback, useEffect, useRef, useState } from 'react';
import { ACTION_POLL_MS, FINAL_ACTION_STATUSES, FINAL_RUN_STATUSES, type PlaybookRunDetail, RUN_POLL_MS } from '@contracts';
import { isApiError } from '@web/core/api';
import { fetchRun, runEventsPath } from './runsApi';

/** How the page follows the run: its live stream, or polling once the stream failed or the browser has none. */
export type RunStreamMode = 'stream' | 'polling';

export interface RunStream {
  run: PlaybookRunDetail | undefined;
  /** The last failed read (the page shows it while it has no run yet). */
  error: unknown;
  mode: RunStreamMode;
  /** Shows a run an action answered with (approve, cancel) until the next message. */
  apply(run: PlaybookRunDetail): void;
}

const isFinal = (run: PlaybookRunDetail) => FINAL_RUN_STATUSES.includes(run.status);

/** An answer that will not change by asking again (the run does not exist, or may not be read). */
const isPermanent = (error: unknown) => isApiError(error) && error.kind === 'http' && error.status >= 400 && error.status < 500;

/**
 * A run, live (spec 02 §4). It listens to `/api/playbook/run/{id}/events` (`event: run`, the whole PlaybookRunDetail
 * each time) and closes the stream on a final status or unmount. When the browser has no EventSource or the stream
 * fails before the run is over, it polls `GET /api/playbook/run/{id}` instead: every ACTION_POLL_MS while the selected
 * action (`selectedActionOf` the last answer) is not over, else every RUN_POLL_MS, until the run is final.
 */
export function useRunStream(runId: string, selectedActionOf: (run: PlaybookRunDetail) => string | null = () => null): RunStream {
  const [run, setRun] = useState<PlaybookRunDetail>();
  const [error, setError] = useState<unknown>();
  const [mode, setMode] = useState<RunStreamMode>(() => (typeof EventSource === 'function' ? 'stream' : 'polling'));
  const selectedOf = useRef(selectedActionOf);
  selectedOf.current = selectedActionOf;
  const latest = useRef<PlaybookRunDetail | undefined>(undefined);

  const receive = useCallback((next: PlaybookRunDetail) => {
    latest.current = next;
    setRun(next);
    setError(undefined);
  }, []);

  useEffect(() => {
    if (mode !== 'stream') return;
    const source = new EventSource(runEventsPath(runId));
    const onRun = (event: MessageEvent<string>) => {
      let next: PlaybookRunDetail;
      try {
        next = JSON.parse(event.data) as PlaybookRunDetail;
      } catch (cause) {
        setError(cause);
        return;
      }
      receive(next);
      if (isFinal(next)) source.close();
    };
    source.addEventListener('run', onRun as EventListener);
    source.onerror = () => {
      source.close();
      // The server ends the stream after a final status: nothing more to follow.
      if (!latest.current || !isFinal(latest.current)) setMode('polling');
    };
    return () => {
      source.removeEventListener('run', onRun as EventListener);
      source.close();
    };
  }, [mode, runId, receive]);

  useEffect(() => {
    if (mode !== 'polling') return;
    const controller = new AbortController();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const nextDelay = (current: PlaybookRunDetail | undefined) => {
      const selected = current && selectedOf.current(current);
      const action = current?.actions.find((a) => a.id === selected);
      return action && !FINAL_ACTION_STATUSES.includes(action.status) ? ACTION_POLL_MS : RUN_POLL_MS;
    };
    const poll = async () => {
      try {
        const next = await fetchRun(runId, controller.signal);
        if (controller.signal.aborted) return;
        receive(next);
        if (isFinal(next)) return;
      } catch (cause) {
        if (controller.signal.aborted) return;
        setError(cause);
        if (isPermanent(cause)) return;
      }
      timer = setTimeout(poll, nextDelay(latest.current));
    };
    void poll();
    return () => {
      controller.abort();
      clearTimeout(timer);
    };
  }, [mode, runId, receive]);

  return { run, error, mode, apply: receive };
}
