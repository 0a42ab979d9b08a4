import { act, renderHook, waitFor } from '@testing-library/react';
import { ACTION_POLL_MS, RUN_POLL_MS } from '@contracts';
import { stubFetch } from '@web/core/testing/stubFetch';
import { FakeEventSource } from '@web/core/testing/FakeEventSource';
import { RUN_ID, runAction, runDetail } from './testing';
import { useRunStream } from './useRunStream';

const RUN_URL = `/api/playbook/run/${RUN_ID}`;
const running = runDetail({ status: 'running', end_time: null, actions: [runAction({ id: 'a1', name: 'restart', status: 'running', end_time: null })] });
const completed = runDetail({ status: 'completed' });
const source = () => FakeEventSource.latest();

describe('useRunStream', () => {
  afterEach(() => {
    delete (globalThis as { EventSource?: unknown }).EventSource;
    FakeEventSource.instances = [];
    jest.useRealTimers();
  });

  describe('with a live stream', () => {
    beforeEach(() => {
      (globalThis as { EventSource?: unknown }).EventSource = FakeEventSource;
    });

    it('listens to the run’s events and shows each message', () => {
      const api = stubFetch([]);
      const { result } = renderHook(() => useRunStream(RUN_ID));
      expect(source().url).toBe(`${RUN_URL}/events`);
      expect(result.current.mode).toBe('stream');
      act(() => source().send('run', running));
      expect(result.current.run?.status).toBe('running');
      act(() =>
        source().send('run', runDetail({ status: 'running', end_time: null, actions: [runAction({ id: 'a1', name: 'restart', status: 'completed' })] })),
      );
      expect(result.current.run?.actions[0].status).toBe('completed');
      expect(source().closed).toBe(false);
      expect(api.calls).toHaveLength(0);
    });

    it('closes the stream on a final status, and does not poll when the server then ends it', () => {
      const api = stubFetch([[RUN_URL, completed]]);
      const { result } = renderHook(() => useRunStream(RUN_ID));
      act(() => source().send('run', running));
      act(() => source().send('run', completed));
      expect(source().closed).toBe(true);
      act(() => source().fail());
      expect(result.current.mode).toBe('stream');
      expect(result.current.run?.status).toBe('completed');
      expect(api.calls).toHaveLength(0);
    });

    it('closes the stream on unmount', () => {
      stubFetch([]);
      const { unmount } = renderHook(() => useRunStream(RUN_ID));
      act(() => source().send('run', running));
      unmount();
      expect(source().closed).toBe(true);
    });

    it('falls back to polling the run every RUN_POLL_MS when the stream fails, until the run is over', async () => {
      jest.useFakeTimers({ doNotFake: ['nextTick', 'setImmediate', 'queueMicrotask'] });
      let answer = runDetail({ status: 'running', end_time: null, actions: [] });
      const api = stubFetch([[RUN_URL, () => answer]]);
      const { result } = renderHook(() => useRunStream(RUN_ID));
      act(() => source().send('run', answer));
      act(() => source().fail());
      expect(source().closed).toBe(true);
      expect(result.current.mode).toBe('polling');
      await act(async () => undefined);
      expect(api.to(RUN_URL)).toHaveLength(1);
      await act(async () => jest.advanceTimersByTime(RUN_POLL_MS - 1));
      expect(api.to(RUN_URL)).toHaveLength(1);
      await act(async () => jest.advanceTimersByTime(1));
      expect(api.to(RUN_URL)).toHaveLength(2);

      answer = completed;
      await act(async () => jest.advanceTimersByTime(RUN_POLL_MS));
      expect(api.to(RUN_URL)).toHaveLength(3);
      expect(result.current.run?.status).toBe('completed');
      await act(async () => jest.advanceTimersByTime(10 * RUN_POLL_MS));
      expect(api.to(RUN_URL)).toHaveLength(3);
      // Only one stream was ever opened.
      expect(FakeEventSource.instances).toHaveLength(1);
    });
  });

  describe('without EventSource', () => {
    it('polls at once, and every ACTION_POLL_MS while the selected action runs', async () => {
      jest.useFakeTimers({ doNotFake: ['nextTick', 'setImmediate', 'queueMicrotask'] });
      let answer = running;
      const api = stubFetch([[RUN_URL, () => answer]]);
      const { result } = renderHook(() => useRunStream(RUN_ID, () => 'a1'));
      expect(result.current.mode).toBe('polling');
      await act(async () => undefined);
      expect(api.to(RUN_URL)).toHaveLength(1);
      expect(result.current.run?.status).toBe('running');
      await act(async () => jest.advanceTimersByTime(ACTION_POLL_MS));
      expect(api.to(RUN_URL)).toHaveLength(2);

      // The selected action is over: back to the run's pace.
      answer = runDetail({ status: 'running', end_time: null, actions: [runAction({ id: 'a1', name: 'restart', status: 'completed' })] });
      await act(async () => jest.advanceTimersByTime(ACTION_POLL_MS));
      expect(api.to(RUN_URL)).toHaveLength(3);
      await act(async () => jest.advanceTimersByTime(ACTION_POLL_MS));
      expect(api.to(RUN_URL)).toHaveLength(3);
      await act(async () => jest.advanceTimersByTime(RUN_POLL_MS - ACTION_POLL_MS));
      expect(api.to(RUN_URL)).toHaveLength(4);
    });

    it('stops polling on unmount', async () => {
      jest.useFakeTimers({ doNotFake: ['nextTick', 'setImmediate', 'queueMicrotask'] });
      const api = stubFetch([[RUN_URL, running]]);
      const { unmount } = renderHook(() => useRunStream(RUN_ID));
      await act(async () => undefined);
      expect(api.to(RUN_URL)).toHaveLength(1);
      unmount();
      await act(async () => jest.advanceTimersByTime(10 * RUN_POLL_MS));
      expect(api.to(RUN_URL)).toHaveLength(1);
    });

    it('keeps the error of a run that cannot be read, and does not ask again', async () => {
      jest.useFakeTimers({ doNotFake: ['nextTick', 'setImmediate', 'queueMicrotask'] });
      const api = stubFetch([]);
      const { result } = renderHook(() => useRunStream(RUN_ID));
      await waitFor(() => expect(result.current.error).toBeDefined());
      await act(async () => jest.advanceTimersByTime(10 * RUN_POLL_MS));
      expect(api.to(RUN_URL)).toHaveLength(1);
    });

    it('shows what an action answered until the next read', async () => {
      stubFetch([[RUN_URL, running]]);
      const { result } = renderHook(() => useRunStream(RUN_ID));
      await waitFor(() => expect(result.current.run?.status).toBe('running'));
      act(() => result.current.apply(runDetail({ status: 'cancelled' })));
      expect(result.current.run?.status).toBe('cancelled');
    });
  });
});
