import { defaultTimeRange } from './timeRange';

const NOW = Date.parse('2026-01-10T12:00:00.000Z');
const ago = (ms: number) => new Date(NOW - ms).toISOString();
const MIN = 60_000;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;

describe('default range of the check detail', () => {
  it('is 1h for a recent run or a check that never ran', () => {
    expect(defaultTimeRange(ago(30 * 1000), NOW)).toBe('1h');
    expect(defaultTimeRange(ago(HOUR), NOW)).toBe('1h');
    expect(defaultTimeRange(null, NOW)).toBe('1h');
  });

  it('is the shortest range that still holds the last run', () => {
    expect(defaultTimeRange(ago(HOUR + 1), NOW)).toBe('2h');
    expect(defaultTimeRange(ago(5 * HOUR), NOW)).toBe('6h');
    expect(defaultTimeRange(ago(20 * HOUR), NOW)).toBe('1d');
    expect(defaultTimeRange(ago(4 * DAY), NOW)).toBe('1w');
    expect(defaultTimeRange(ago(40 * DAY), NOW)).toBe('2mo');
    expect(defaultTimeRange(ago(400 * DAY), NOW)).toBe('2y');
  });

  it('stops at 5y', () => {
    expect(defaultTimeRange(ago(10 * 365 * DAY), NOW)).toBe('5y');
  });

  it('never goes below 1h, not even for a run in the future (clock skew)', () => {
    expect(defaultTimeRange(new Date(NOW + 5 * MIN).toISOString(), NOW)).toBe('1h');
  });
});
