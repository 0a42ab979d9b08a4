import { checkLatencyMs, healthAge, formatLatency, formatSince, formatUptime, progressBarColour, uptimeBarColour, uptimePercent } from './format';

describe('uptime', () => {
  it('is passed / (passed + failed), one decimal', () => {
    expect(formatUptime({ passed: 199, failed: 1 })).toBe('99.5%');
    expect(formatUptime({ passed: 2, failed: 1 })).toBe('66.7%');
    expect(formatUptime({ passed: 5, failed: 0 })).toBe('100.0%');
    expect(uptimePercent({ passed: 0, failed: 0 })).toBeUndefined();
    expect(formatUptime({ passed: 0, failed: 0 })).toBe('');
  });

  it('keeps the spec progress-bar rule (green ≥ 1, orange > 75, red > 90) for "how much is used" scales', () => {
    expect(progressBarColour(0.5)).toBeUndefined();
    expect(progressBarColour(1)).toBe('green');
    expect(progressBarColour(75)).toBe('green');
    expect(progressBarColour(75.1)).toBe('orange');
    expect(progressBarColour(90)).toBe('orange');
    expect(progressBarColour(90.1)).toBe('red');
  });

  it('colours uptime as operators read it: green ≥ 99 %, orange ≥ 95 %, red below (50 % is red, not green)', () => {
    expect(uptimeBarColour(100)).toBe('green');
    expect(uptimeBarColour(99)).toBe('green');
    expect(uptimeBarColour(98.9)).toBe('orange');
    expect(uptimeBarColour(95)).toBe('orange');
    expect(uptimeBarColour(94.9)).toBe('red');
    expect(uptimeBarColour(50)).toBe('red');
    expect(uptimeBarColour(undefined)).toBeUndefined();
  });
});

describe('latency', () => {
  it('uses p95, else p50, formatted', () => {
    expect(checkLatencyMs({ latency: { p50: 10, p95: 250, p97: null, p99: null } })).toBe(250);
    expect(checkLatencyMs({ latency: { p50: 10, p95: null, p97: null, p99: null } })).toBe(10);
    expect(checkLatencyMs({ latency: { p50: null, p95: null, p97: null, p99: null } })).toBeNull();
    expect(formatLatency(250)).toBe('250ms');
    expect(formatLatency(1500)).toBe('1.5s');
    expect(formatLatency(null)).toBe('');
  });
});

describe('transition', () => {
  const now = Date.parse('2026-01-02T00:00:00Z');
  it('says how long ago', () => {
    expect(formatSince('2026-01-01T23:59:30Z', now)).toBe('30s ago');
    expect(formatSince('2026-01-01T23:55:00Z', now)).toBe('5m ago');
    expect(formatSince('2026-01-01T21:00:00Z', now)).toBe('3h ago');
    expect(formatSince('2025-12-30T00:00:00Z', now)).toBe('3d ago');
    expect(formatSince(null, now)).toBe('');
    expect(formatSince('nonsense', now)).toBe('');
  });
});

describe('health age', () => {
  const now = Date.parse('2026-01-08T00:00:00Z');
  it('shows only when the last run is older than 1 hour and under 7 days', () => {
    expect(healthAge('2026-01-07T23:30:00Z', now)).toBe('');
    expect(healthAge('2026-01-07T22:00:00Z', now)).toBe('2h ago');
    expect(healthAge('2026-01-02T00:00:00Z', now)).toBe('6d ago');
    expect(healthAge('2026-01-01T00:00:00Z', now)).toBe('');
    expect(healthAge(null, now)).toBe('');
  });
});
