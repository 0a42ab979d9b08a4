import { parseRelativeTime } from './relative-time';

const NOW = Date.parse('2025-03-10T12:00:00Z');

describe('parseRelativeTime', () => {
  it('reads now, now-<n><unit> and ISO dates', () => {
    expect(parseRelativeTime('now', NOW)?.toISOString()).toBe('2025-03-10T12:00:00.000Z');
    expect(parseRelativeTime(' now - 15m ', NOW)?.toISOString()).toBe('2025-03-10T11:45:00.000Z');
    expect(parseRelativeTime('now-1mo', NOW)?.toISOString()).toBe('2025-02-08T12:00:00.000Z');
    expect(parseRelativeTime('now-1y', NOW)?.toISOString()).toBe('2024-03-10T12:00:00.000Z');
    expect(parseRelativeTime('2025-03-01T08:00:00+02:00', NOW)?.toISOString()).toBe('2025-03-01T06:00:00.000Z');
    expect(parseRelativeTime('2025-03-01', NOW)?.toISOString()).toBe('2025-03-01T00:00:00.000Z');
  });

  it('answers null for anything else, and for days that do not exist', () => {
    for (const bad of ['', 'yesterday', 'now-', 'now-5x', 'now+1h', '1', 'March 7, 2025', '2025-02-30', '2025-13-01', 'now-1h; drop', 'now-999999999y']) {
      expect(parseRelativeTime(bad, NOW)).toBeNull();
    }
  });
});
