import { TOTP, URI } from 'otpauth';
import { acceptTotpCode, newTotpSecret, totpCode, totpUri, TOTP_PERIOD_SECONDS } from './totp';

const STEP_MS = TOTP_PERIOD_SECONDS * 1000;
/** A moment in the middle of a time step, so ±1 step is unambiguous. */
const NOW = Date.UTC(2026, 0, 15, 12, 0, 15);
const stepAt = (ms: number) => Math.floor(ms / STEP_MS);

describe('TOTP (RFC 6238: SHA-1, 6 digits, 30 s)', () => {
  const secret = newTotpSecret();

  it('makes 160-bit base32 secrets and an otpauth URI apps can scan', () => {
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    const uri = totpUri(secret, 'ada@example.com');
    expect(uri).toMatch(/^otpauth:\/\/totp\//);
    const parsed = URI.parse(uri);
    expect(parsed).toBeInstanceOf(TOTP);
    expect((parsed as TOTP).secret.base32).toBe(secret);
    expect(uri).toContain('algorithm=SHA1');
    expect(uri).toContain('digits=6');
    expect(uri).toContain('period=30');
  });

  it('accepts the current code and answers its time step', () => {
    expect(acceptTotpCode(secret, totpCode(secret, NOW), null, NOW)).toBe(stepAt(NOW));
  });

  it('accepts codes of the step before and after (clock drift), not two steps away', () => {
    expect(acceptTotpCode(secret, totpCode(secret, NOW - STEP_MS), null, NOW)).toBe(stepAt(NOW) - 1);
    expect(acceptTotpCode(secret, totpCode(secret, NOW + STEP_MS), null, NOW)).toBe(stepAt(NOW) + 1);
    expect(acceptTotpCode(secret, totpCode(secret, NOW - 2 * STEP_MS), null, NOW)).toBeNull();
    expect(acceptTotpCode(secret, totpCode(secret, NOW + 2 * STEP_MS), null, NOW)).toBeNull();
  });

  it('refuses a code of a step already used, and older ones', () => {
    const code = totpCode(secret, NOW);
    const step = acceptTotpCode(secret, code, null, NOW)!;
    expect(acceptTotpCode(secret, code, step, NOW)).toBeNull();
    expect(acceptTotpCode(secret, totpCode(secret, NOW - STEP_MS), step, NOW)).toBeNull();
    // The next step's code is still good.
    expect(acceptTotpCode(secret, totpCode(secret, NOW + STEP_MS), step, NOW + STEP_MS)).toBe(step + 1);
  });

  it('reads the clock when no time is given', () => {
    jest.useFakeTimers({ now: NOW });
    try {
      const code = totpCode(secret);
      expect(acceptTotpCode(secret, code, null)).toBe(stepAt(NOW));
      jest.setSystemTime(NOW + 3 * STEP_MS);
      expect(acceptTotpCode(secret, code, null)).toBeNull();
    } finally {
      jest.useRealTimers();
    }
  });

  it('takes codes typed with a space in the middle and refuses anything but six digits', () => {
    const code = totpCode(secret, NOW);
    expect(acceptTotpCode(secret, `${code.slice(0, 3)} ${code.slice(3)}`, null, NOW)).toBe(stepAt(NOW));
    expect(acceptTotpCode(secret, code.slice(0, 5), null, NOW)).toBeNull();
    expect(acceptTotpCode(secret, `${code}0`, null, NOW)).toBeNull();
    expect(acceptTotpCode(secret, 'abcdef', null, NOW)).toBeNull();
  });

  it("refuses another secret's code", () => {
    const other = newTotpSecret();
    expect(acceptTotpCode(secret, totpCode(other, NOW), null, NOW)).toBeNull();
  });
});
