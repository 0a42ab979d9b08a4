import { NOTIFICATION_MESSAGES } from '@contracts';
import { DURATION_FORMAT_MESSAGE, durationProblem, formatDuration, parseDuration } from './duration';

describe('notification durations', () => {
  it('reads what users type into nanoseconds', () => {
    expect(parseDuration('5m')).toBe(300e9);
    expect(parseDuration('1h30m')).toBe(5_400e9);
    expect(parseDuration(' 2d ')).toBe(172_800e9);
    expect(parseDuration('1w')).toBe(604_800e9);
    expect(parseDuration('90s')).toBe(90e9);
    expect(parseDuration('')).toBeNull();
    expect(parseDuration('5')).toBeNull();
    expect(parseDuration('m5')).toBeNull();
    expect(parseDuration('5m later')).toBeNull();
  });

  it('writes stored nanoseconds back as the largest units', () => {
    expect(formatDuration(300e9)).toBe('5m');
    expect(formatDuration(5_400e9)).toBe('1h30m');
    expect(formatDuration(604_800e9 + 86_400e9)).toBe('1w1d');
    expect(formatDuration(null)).toBe('');
    expect(formatDuration(0)).toBe('');
  });

  it("gives the spec's messages: required when empty, at least one minute", () => {
    expect(durationProblem('', { required: true })).toBe(NOTIFICATION_MESSAGES.required);
    expect(durationProblem('')).toBeNull();
    expect(durationProblem('59s')).toBe(NOTIFICATION_MESSAGES.durationTooShort);
    expect(durationProblem('1m')).toBeNull();
    expect(durationProblem('7d')).toBeNull();
    expect(durationProblem('soon')).toBe(DURATION_FORMAT_MESSAGE);
  });
});
