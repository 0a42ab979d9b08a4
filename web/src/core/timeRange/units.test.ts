import { rangeStart, timeRangeMs } from './units';

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
