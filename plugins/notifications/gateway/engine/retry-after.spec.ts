import { nextAttemptDelayMs, retryDelayMs } from './decisions';

describe("the next attempt's delay after a failure", () => {
  it('is the backoff when the peer said nothing', () => {
    expect([1, 2, 3].map((n) => nextAttemptDelayMs(n, 5000))).toEqual([1, 2, 3].map((n) => retryDelayMs(n, 5000)));
    expect(nextAttemptDelayMs(2, 5000, null)).toBe(10_000);
    expect(nextAttemptDelayMs(2, 5000, Number.NaN)).toBe(10_000);
  });

  it("waits for the peer's Retry-After when it is longer than the backoff, and never less than the backoff", () => {
    expect(nextAttemptDelayMs(1, 5000, 30_000)).toBe(30_000);
    expect(nextAttemptDelayMs(3, 5000, 2_500)).toBe(20_000);
    expect(nextAttemptDelayMs(1, 5000, 0)).toBe(5000);
  });

  it('is at most one hour, whatever the peer asks', () => {
    expect(nextAttemptDelayMs(1, 5000, 86_400_000)).toBe(3_600_000);
    expect(nextAttemptDelayMs(40, 5000, 10)).toBe(3_600_000);
  });
});
