import { formatDuration, formatPercent, parseDurationMs, healthColour, nextTriState, uptimeRatio } from './format';
import { allowedIncidentStatuses } from './values';

describe('formatters (spec 01 §9)', () => {
  it('formats durations: ms under 1 s, s under 1 min, m under 1 h, else h', () => {
    expect(formatDuration(0)).toBe('0ms');
    expect(formatDuration(999)).toBe('999ms');
    expect(formatDuration(1000)).toBe('1s');
    expect(formatDuration(1500)).toBe('1.5s');
    expect(formatDuration(59_999)).toBe('60s');
    expect(formatDuration(60_000)).toBe('1m');
    expect(formatDuration(90 * 60_000)).toBe('1.5h');
  });

  it('renders invalid durations blank', () => {
    expect(formatDuration(NaN)).toBe('');
    expect(formatDuration(-5)).toBe('');
    expect(formatDuration(undefined)).toBe('');
    expect(formatDuration('12' as unknown as number)).toBe('');
  });

  it('shows percentages to one decimal', () => {
    expect(formatPercent(0.98765)).toBe('98.8%');
    expect(formatPercent(1)).toBe('100.0%');
    expect(formatPercent(42, false)).toBe('42.0%');
    expect(formatPercent(undefined)).toBe('');
  });

  it('computes uptime as passed / (passed + failed)', () => {
    expect(uptimeRatio(3, 1)).toBe(0.75);
    expect(uptimeRatio(0, 0)).toBeUndefined();
  });

  it('maps health to colours', () => {
    expect(healthColour('healthy')).toBe('green');
    for (const h of ['degraded', 'missing', 'unhealthy', 'not-good']) expect(healthColour(h)).toBe('red');
    for (const h of ['unknown', 'suspended', undefined]) expect(healthColour(h)).toBe('grey');
    for (const h of ['warning', 'mixed']) expect(healthColour(h)).toBe('orange');
  });

  it('cycles the three-state toggle none → include → exclude → none', () => {
    expect(nextTriState(0)).toBe(1);
    expect(nextTriState(1)).toBe(-1);
    expect(nextTriState(-1)).toBe(0);
  });
});

describe('incident status choices (spec 01 §4)', () => {
  it('offers the table of the spec, treating empty as new', () => {
    expect(allowedIncidentStatuses('')).toHaveLength(6);
    expect(allowedIncidentStatuses(null)).toHaveLength(6);
    expect(allowedIncidentStatuses('investigating')).toEqual(['investigating', 'mitigated', 'resolved', 'closed']);
    expect(allowedIncidentStatuses('closed')).toEqual(['closed', 'open']);
    expect(allowedIncidentStatuses('resolved')).not.toContain('investigating');
  });
});

describe('parseDurationMs', () => {
  it('reads every letter, compounds and fractions, and nothing else', () => {
    expect(parseDurationMs('1h30m')).toBe(5_400_000);
    expect(parseDurationMs('250ms')).toBe(250);
    expect(parseDurationMs('1w2d')).toBe(9 * 86_400_000);
    expect(parseDurationMs('1.5s')).toBe(1500);
    expect(parseDurationMs('')).toBeNull();
    expect(parseDurationMs('5')).toBeNull();
    expect(parseDurationMs('5m x')).toBeNull();
  });

  it('narrows the letters and refuses fractions when asked', () => {
    expect(parseDurationMs('1d', { units: ['h', 'm', 's', 'ms'] })).toBeNull();
    expect(parseDurationMs('1.5h', { decimals: false })).toBeNull();
    expect(parseDurationMs('90s', { units: ['s'], decimals: false })).toBe(90_000);
  });
});
