import { afterFailure, groupNote, parseDuration, retryDelayMs, waitForMs, waitForOutcome, withinRepeatInterval } from './decisions';

const at = (iso: string) => new Date(iso);

describe('durations', () => {
  it('reads the rule form’s repeat intervals (1m is one minute) and compound ones', () => {
    expect(parseDuration('1h')).toBe(3_600_000);
    expect(parseDuration('1m')).toBe(60_000);
    expect(parseDuration('1d')).toBe(86_400_000);
    expect(parseDuration('1w')).toBe(604_800_000);
    expect(parseDuration('1h30m')).toBe(5_400_000);
    expect(parseDuration('')).toBeNull();
    expect(parseDuration('soon')).toBeNull();
    expect(parseDuration('1h later')).toBeNull();
  });
  it('turns wait_for nanoseconds into milliseconds', () => {
    expect(waitForMs(300e9)).toBe(300_000);
    expect(waitForMs(null)).toBe(0);
    expect(waitForMs(0)).toBe(0);
  });
});

describe('repeat interval (fake time)', () => {
  const now = at('2024-11-22T10:00:00Z');
  it('suppresses a message while the last one is less than the interval ago', () => {
    expect(withinRepeatInterval('1h', at('2024-11-22T09:30:00Z'), now)).toBe(true);
    expect(withinRepeatInterval('1h', at('2024-11-22T08:59:59Z'), now)).toBe(false);
    expect(withinRepeatInterval('1h', at('2024-11-22T09:00:00Z'), now)).toBe(false);
  });
  it('never suppresses without an interval or a previous message', () => {
    expect(withinRepeatInterval(null, at('2024-11-22T09:59:00Z'), now)).toBe(false);
    expect(withinRepeatInterval('1h', null, now)).toBe(false);
  });
});

describe('retries', () => {
  it('doubles from the base, at most an hour', () => {
    expect([1, 2, 3, 4].map((n) => retryDelayMs(n, 5000))).toEqual([5000, 10000, 20000, 40000]);
    expect(retryDelayMs(30, 5000)).toBe(3_600_000);
  });
  it('gives up when the channel says it will not work or the attempts are spent', () => {
    expect(afterFailure(1, 5, true)).toBe('retry');
    expect(afterFailure(1, 5, false)).toBe('error');
    expect(afterFailure(5, 5, true)).toBe('error');
  });
});

describe('wait-for', () => {
  it('skips a failed check that passes again, saying since when', () => {
    const outcome = waitForOutcome('check.failed', 'check', { check: { status: 'healthy', last_transition_time: '2024-11-22T10:01:00Z' } });
    expect(outcome).toEqual({ send: false, reason: 'the check recovered within wait-for (passing since 2024-11-22T10:01:00Z)' });
  });
  it('sends a check still failing', () => {
    expect(waitForOutcome('check.failed', 'check', { check: { status: 'unhealthy' } })).toEqual({ send: true });
  });
  it('skips when the component’s or config’s health changed, or the resource is gone', () => {
    expect(waitForOutcome('component.unhealthy', 'component', { component: { health: 'healthy' } })).toEqual({
      send: false,
      reason: "the component's health changed to healthy within wait-for (recovered)",
    });
    expect(waitForOutcome('config.warning', 'config', { config: { health: 'warning' } })).toEqual({ send: true });
    expect(waitForOutcome('config.unhealthy', 'config', null)).toEqual({ send: false, reason: 'the config was deleted within wait-for' });
  });
  it('sends events that announce no state after the wait', () => {
    expect(waitForOutcome('config.created', 'config', { config: { health: 'unknown' } })).toEqual({ send: true });
    expect(waitForOutcome('incident.created', 'incident', { incident: { status: 'open' } })).toEqual({ send: true });
  });
});

describe('grouping note', () => {
  it('counts the events a grouped message stands for', () => {
    expect(groupNote(3, at('2024-11-22T10:00:00Z'), at('2024-11-22T10:05:00Z'))).toBe('3 events between 2024-11-22T10:00:00.000Z and 2024-11-22T10:05:00.000Z');
    expect(groupNote(1, at('2024-11-22T10:00:00Z'), at('2024-11-22T10:05:00Z'))).toBe('');
  });
});
