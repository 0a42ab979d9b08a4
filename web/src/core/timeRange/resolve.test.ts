import { MAPPED_RANGES } from './mapped';
import { parseTimeRangeParams, timeRangeParamValues } from './params';
import { absoluteTimeRange, mappedTimeRange, relativeTimeRange, resolveTimeRange, timeRangeQuery } from './resolve';
import { INVALID_MAPPED_RANGE, INVALID_RELATIVE_RANGE, type TimeRange } from './types';

// A Wednesday afternoon, in the browser's time zone (calendar ranges are local).
const NOW = new Date(2026, 0, 14, 15, 30, 0);
const local = (...parts: [number, number, number, number?, number?, number?, number?]) => new Date(...parts);

describe('time ranges', () => {
  let errors: jest.SpyInstance;
  beforeEach(() => {
    errors = jest.spyOn(console, 'error').mockImplementation(() => undefined);
  });
  afterEach(() => errors.mockRestore());

  it('resolves a relative range to that long before now, with the units of spec 03 §9', () => {
    const cases: Array<[string, number]> = [
      ['500ms', 500],
      ['30s', 30_000],
      ['5m', 5 * 60_000],
      ['2h', 2 * 3_600_000],
      ['2d', 2 * 86_400_000],
      ['1w', 7 * 86_400_000],
      ['6M', 180 * 86_400_000],
      ['6mo', 180 * 86_400_000],
      ['5y', 5 * 365 * 86_400_000],
    ];
    for (const [duration, ms] of cases) {
      const range = relativeTimeRange(duration)!;
      expect(range.type).toBe('relative');
      expect(resolveTimeRange(range, NOW)).toEqual({ from: new Date(NOW.getTime() - ms), to: NOW });
    }
    expect(relativeTimeRange('now-2d')).toEqual({ type: 'relative', range: 'now-2d', display: 'Last 2 days' });
    expect(relativeTimeRange('1h')?.display).toBe('Last 1 hour');
  });

  it("logs 'Invalid relative time range' for a relative range that is not one", () => {
    expect(relativeTimeRange('2 days')).toBeUndefined();
    expect(errors).toHaveBeenCalledWith(INVALID_RELATIVE_RANGE, '2 days');
    errors.mockClear();
    expect(resolveTimeRange({ type: 'relative', range: 'now-soon', display: 'Soon' }, NOW)).toEqual({ from: NOW, to: NOW });
    expect(errors).toHaveBeenCalledWith(INVALID_RELATIVE_RANGE, 'now-soon');
  });

  it('resolves Yesterday to the whole of the day before, ending just before midnight', () => {
    expect(resolveTimeRange(mappedTimeRange('yesterday')!, NOW)).toEqual({ from: local(2026, 0, 13), to: local(2026, 0, 13, 23, 59, 59, 999) });
    // Just after midnight on the first of a month: yesterday is the last day of the month before.
    expect(resolveTimeRange(mappedTimeRange('yesterday')!, local(2026, 2, 1, 0, 0, 1))).toEqual({
      from: local(2026, 1, 28),
      to: local(2026, 1, 28, 23, 59, 59, 999),
    });
  });

  it('resolves Previous week to Monday to Sunday of the week before, also on a Monday and a Sunday', () => {
    const previous = { from: local(2026, 0, 5), to: local(2026, 0, 11, 23, 59, 59, 999) };
    expect(resolveTimeRange(mappedTimeRange('previousWeek')!, NOW)).toEqual(previous);
    expect(resolveTimeRange(mappedTimeRange('previousWeek')!, local(2026, 0, 12, 0, 0, 0))).toEqual(previous);
    expect(resolveTimeRange(mappedTimeRange('previousWeek')!, local(2026, 0, 18, 23, 59, 0))).toEqual(previous);
    // Across a year end.
    expect(resolveTimeRange(mappedTimeRange('previousWeek')!, local(2026, 0, 1, 12))).toEqual({
      from: local(2025, 11, 22),
      to: local(2025, 11, 28, 23, 59, 59, 999),
    });
  });

  it('resolves This month so far from the first of the month to now', () => {
    expect(resolveTimeRange(mappedTimeRange('thisMonth')!, NOW)).toEqual({ from: local(2026, 0, 1), to: NOW });
    const firstMinute = local(2026, 4, 1, 0, 0, 30);
    expect(resolveTimeRange(mappedTimeRange('thisMonth')!, firstMinute)).toEqual({ from: local(2026, 4, 1), to: firstMinute });
    expect(mappedTimeRange('thisMonth')?.display).toBe('This month so far');
  });

  it('resolves every quick range to a from before its to', () => {
    for (const option of MAPPED_RANGES) {
      const { from, to } = resolveTimeRange(mappedTimeRange(option.key)!, NOW);
      expect(from.getTime()).toBeLessThan(to.getTime());
      expect(to.getTime()).toBeLessThanOrEqual(NOW.getTime());
    }
  });

  it("logs an unknown mapped range and throws 'Invalid mapped time range' when it is resolved to times", () => {
    expect(mappedTimeRange('fortnight')).toBeUndefined();
    expect(errors).toHaveBeenCalledWith(INVALID_MAPPED_RANGE, 'fortnight');
    expect(() => resolveTimeRange({ type: 'mapped', key: 'fortnight', display: 'Fortnight' }, NOW)).toThrow(INVALID_MAPPED_RANGE);
  });

  it('resolves an absolute range to its instants, an open end to now', () => {
    const range = absoluteTimeRange('2026-01-01T00:00:00.000Z', '2026-01-02T00:00:00.000Z');
    expect(range).toEqual({ type: 'absolute', from: '2026-01-01T00:00:00.000Z', to: '2026-01-02T00:00:00.000Z', display: 'Custom' });
    expect(resolveTimeRange(range, NOW)).toEqual({ from: new Date('2026-01-01T00:00:00.000Z'), to: new Date('2026-01-02T00:00:00.000Z') });
    expect(resolveTimeRange(absoluteTimeRange('2026-01-01T00:00:00.000Z', ''), NOW).to).toBe(NOW);
  });

  it('sends relative ranges to the gateway as now-<range> (months as mo) and the others as timestamps', () => {
    expect(timeRangeQuery(relativeTimeRange('2d')!, NOW)).toEqual({ from: 'now-2d', to: '' });
    expect(timeRangeQuery(relativeTimeRange('6M')!, NOW)).toEqual({ from: 'now-6mo', to: '' });
    expect(timeRangeQuery(relativeTimeRange('500ms')!, NOW)).toEqual({ from: new Date(NOW.getTime() - 500).toISOString(), to: NOW.toISOString() });
    expect(timeRangeQuery(mappedTimeRange('yesterday')!, NOW)).toEqual({
      from: local(2026, 0, 13).toISOString(),
      to: local(2026, 0, 13, 23, 59, 59, 999).toISOString(),
    });
  });
});

describe('time range query parameters', () => {
  let errors: jest.SpyInstance;
  beforeEach(() => {
    errors = jest.spyOn(console, 'error').mockImplementation(() => undefined);
  });
  afterEach(() => errors.mockRestore());

  const roundTrip = (range: TimeRange, prefix = '') => {
    const params = new URLSearchParams();
    for (const [key, value] of Object.entries(timeRangeParamValues(range, prefix))) if (value !== null) params.set(key, value);
    return { query: params.toString(), parsed: parseTimeRangeParams(params, prefix) };
  };

  it('writes the range type, display and values of each kind, and reads them back', () => {
    const relative = roundTrip(relativeTimeRange('2d')!);
    expect(relative.query).toBe('rangeType=relative&display=Last+2+days&range=now-2d');
    expect(relative.parsed).toEqual(relativeTimeRange('2d'));

    const absolute = absoluteTimeRange('2026-01-01T00:00:00.000Z', '2026-01-02T00:00:00.000Z');
    expect(roundTrip(absolute).query).toBe('rangeType=absolute&display=Custom&from=2026-01-01T00%3A00%3A00.000Z&to=2026-01-02T00%3A00%3A00.000Z');
    expect(roundTrip(absolute).parsed).toEqual(absolute);

    expect(roundTrip(mappedTimeRange('previousWeek')!, 'jobs_').query).toBe('jobs_rangeType=mapped&jobs_display=Previous+week&jobs_range=previousWeek');
    expect(roundTrip(mappedTimeRange('previousWeek')!, 'jobs_').parsed).toEqual(mappedTimeRange('previousWeek'));
  });

  it('clears every time parameter when there is no range', () => {
    expect(Object.values(timeRangeParamValues(undefined)).every((value) => value === null)).toBe(true);
    expect(Object.keys(timeRangeParamValues(undefined))).toEqual(['rangeType', 'display', 'range', 'from', 'to']);
  });

  it('reads nothing (the default) from a URL naming no range or an invalid one, logging the invalid ones', () => {
    expect(parseTimeRangeParams(new URLSearchParams('status=open'))).toBeUndefined();
    expect(parseTimeRangeParams(new URLSearchParams('rangeType=relative&range=yesterday'))).toBeUndefined();
    expect(errors).toHaveBeenCalledWith(INVALID_RELATIVE_RANGE, 'yesterday');
    expect(parseTimeRangeParams(new URLSearchParams('rangeType=mapped&range=now-2d'))).toBeUndefined();
    expect(errors).toHaveBeenCalledWith(INVALID_MAPPED_RANGE, 'now-2d');
    expect(parseTimeRangeParams(new URLSearchParams('rangeType=absolute&from=2026-01-01'))).toBeUndefined();
  });

  it('translates the parameters pages wrote before (from=now-2d, start, starts/ends, timeRange=1h)', () => {
    expect(parseTimeRangeParams(new URLSearchParams('from=now-2d'), '', { from: 'from', to: 'to' })).toEqual(relativeTimeRange('2d'));
    expect(parseTimeRangeParams(new URLSearchParams('timeRange=15m'), '', { from: 'timeRange' })).toEqual(relativeTimeRange('15m'));
    expect(
      parseTimeRangeParams(new URLSearchParams('starts=2026-01-01T00:00:00.000Z&ends=2026-01-02T00:00:00.000Z'), '', { from: 'starts', to: 'ends' }),
    ).toEqual(absoluteTimeRange('2026-01-01T00:00:00.000Z', '2026-01-02T00:00:00.000Z'));
    expect(parseTimeRangeParams(new URLSearchParams('start=2026-01-01T00:00:00.000Z'), '', { from: 'start' })).toEqual(
      absoluteTimeRange('2026-01-01T00:00:00.000Z', ''),
    );
    // The new parameters win over old ones.
    expect(parseTimeRangeParams(new URLSearchParams('rangeType=relative&range=now-1h&start=now-2d'), '', { from: 'start' })).toEqual(relativeTimeRange('1h'));
  });
});
