import { HEALTH_REFRESH_OPTIONS } from '@contracts';
import { durationMs, effectiveRefresh, isRefreshOptionDisabled, refreshIntervalMs } from './refresh';

describe('refresh options', () => {
  it('parses s, m, h, d, w, mo and y', () => {
    expect(durationMs('15s')).toBe(15_000);
    expect(durationMs('2m')).toBe(120_000);
    expect(durationMs('1h')).toBe(3_600_000);
    expect(durationMs('2w')).toBe(14 * 86_400_000);
    expect(durationMs('1mo')).toBe(30 * 86_400_000);
    expect(durationMs('5y')).toBe(5 * 365 * 86_400_000);
    expect(durationMs('soon')).toBeUndefined();
  });

  it('disables 15s and 30s for ranges of 60 minutes or more', () => {
    const disabled = (range: string) => HEALTH_REFRESH_OPTIONS.filter((o) => isRefreshOptionDisabled(o, range));
    expect(disabled('15m')).toEqual([]);
    expect(disabled('1h')).toEqual(['15s', '30s']);
    expect(disabled('1w')).toEqual(['15s', '30s']);
  });

  it('uses the fastest allowed rate while the stored one is disabled, and None for junk', () => {
    expect(effectiveRefresh('15s', '15m')).toBe('15s');
    expect(effectiveRefresh('15s', '1h')).toBe('60s');
    expect(effectiveRefresh('5m', '1h')).toBe('5m');
    expect(effectiveRefresh('7s', '1h')).toBe('None');
    expect(refreshIntervalMs('None')).toBe(0);
    expect(refreshIntervalMs('2m')).toBe(120_000);
  });
});
