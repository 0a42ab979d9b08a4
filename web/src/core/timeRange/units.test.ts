import { durationText, gatewayRelative, rangeStart, relativeDuration, timeRangeMs } from './units';

const NOW = Date.parse('2026-01-10T12:00:00.000Z');
const MIN = 60_000;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;

describe('time ranges', () => {
  it('converts every unit to milliseconds', () => {
    expect(timeRangeMs('15m')).toBe(15 * MIN);
    expect(timeRangeMs('2h')).toBe(2 * HOUR);
    expect(timeRangeMs('3d')).toBe(3 * DAY);
    expect(timeRangeMs('2w')).toBe(14 * DAY);
    expect(timeRangeMs('6mo')).toBe(180 * DAY);
    expect(timeRangeMs('5y')).toBe(5 * 365 * DAY);
    expect(timeRangeMs('soon')).toBeUndefined();
    expect(timeRangeMs('1w ')).toBeUndefined();
  });

  it('starts a range that long before now, or the fallback range when it is not one', () => {
    expect(rangeStart('1d', NOW)).toBe('2026-01-09T12:00:00.000Z');
    expect(rangeStart('soon', NOW)).toBe('2026-01-10T11:00:00.000Z');
    expect(rangeStart('soon', NOW, '1w')).toBe('2026-01-03T12:00:00.000Z');
  });
});

describe('durations of the picker', () => {
  it('reads the spec 03 §9 unit letters: ms, s, m, h, d, w, M, y', () => {
    expect(timeRangeMs('250ms')).toBe(250);
    expect(timeRangeMs('30s')).toBe(30_000);
    expect(timeRangeMs('6M')).toBe(180 * DAY);
    expect(timeRangeMs('6M')).toBe(timeRangeMs('6mo'));
  });

  it('names a duration as the picker shows it', () => {
    expect(durationText('5m')).toBe('Last 5 minutes');
    expect(durationText('1h')).toBe('Last 1 hour');
    expect(durationText('1M')).toBe('Last 1 month');
    expect(durationText('5y')).toBe('Last 5 years');
  });

  it('takes the duration out of now-<duration> only when it is one', () => {
    expect(relativeDuration('now-2d')).toBe('2d');
    expect(relativeDuration('now-2x')).toBeUndefined();
    expect(relativeDuration('2d')).toBeUndefined();
  });

  it('writes a relative range as the gateway reads it, or nothing when it has no such unit', () => {
    expect(gatewayRelative('3M')).toBe('now-3mo');
    expect(gatewayRelative('15m')).toBe('now-15m');
    expect(gatewayRelative('100ms')).toBeUndefined();
  });
});
