import { INVALID_DURATION_MESSAGE } from '@contracts';
import { parseHistoryDuration } from './duration';

describe('history duration filter', () => {
  it('reads All and nothing as no minimum', () => {
    expect(parseHistoryDuration('All')).toEqual({ ok: true, minDurationMs: undefined });
    expect(parseHistoryDuration('  ')).toEqual({ ok: true, minDurationMs: undefined });
  });

  it('reads milliseconds and seconds (1s = 1000 ms)', () => {
    expect(parseHistoryDuration('250ms')).toEqual({ ok: true, minDurationMs: 250 });
    expect(parseHistoryDuration('2s')).toEqual({ ok: true, minDurationMs: 2000 });
    expect(parseHistoryDuration('1.5s')).toEqual({ ok: true, minDurationMs: 1500 });
    expect(parseHistoryDuration(' 30 S ')).toEqual({ ok: true, minDurationMs: 30000 });
  });

  it.each(['5m', '1h', '250', 'ms', 'abc', '-1s', '2 seconds', '1s500ms'])('refuses %p with the exact message', (text) => {
    expect(parseHistoryDuration(text)).toEqual({ ok: false, error: INVALID_DURATION_MESSAGE });
  });

  it('says so in the words of the spec', () => {
    expect(INVALID_DURATION_MESSAGE).toBe('duration is allowed only in milli seconds & seconds');
  });
});
