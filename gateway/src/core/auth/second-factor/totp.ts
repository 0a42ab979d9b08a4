import { Secret, TOTP } from 'otpauth';

/** RFC 6238 as every authenticator app reads it: SHA-1, 6 digits, 30-second steps. */
export const TOTP_PERIOD_SECONDS = 30;
export const TOTP_DIGITS = 6;
/** Codes of the step before and after the current one count too (clocks drift; typing takes time). */
export const TOTP_WINDOW = 1;
export const TOTP_ISSUER = 'Operations Console';

/** A new shared secret: 20 random bytes (160 bits, RFC 4226's recommendation), base32 as apps expect. */
export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

function totpOf(secretBase32: string, label = ''): TOTP {
  return new TOTP({
    issuer: TOTP_ISSUER,
    label,
    algorithm: 'SHA1',
    digits: TOTP_DIGITS,
    period: TOTP_PERIOD_SECONDS,
    secret: Secret.fromBase32(secretBase32),
  });
}

/** The `otpauth://totp/…` URI an app scans from the QR code. */
export function totpUri(secretBase32: string, accountName: string): string {
  return totpOf(secretBase32, accountName).toString();
}

/** The current code (tests and tools; the server never needs to show one). */
export function totpCode(secretBase32: string, now = Date.now()): string {
  return totpOf(secretBase32).generate({ timestamp: now });
}

/** What a person typed, without the spaces apps show in the middle ("123 456"). */
export function normalizeTotpCode(code: string): string {
  return code.replace(/[\s-]/g, '');
}

/**
 * The time step `code` belongs to when it is valid now (±TOTP_WINDOW steps) and newer than `lastStep` (the last step
 * accepted for this secret: a code is used once, and never one older than a code already used); else null.
 */
export function acceptTotpCode(secretBase32: string, code: string, lastStep: number | null, now = Date.now()): number | null {
  const token = normalizeTotpCode(code);
  if (!new RegExp(`^\\d{${TOTP_DIGITS}}$`).test(token)) return null;
  const delta = totpOf(secretBase32).validate({ token, timestamp: now, window: TOTP_WINDOW });
  if (delta === null) return null;
  const step = TOTP.counter({ period: TOTP_PERIOD_SECONDS, timestamp: now }) + delta;
  if (lastStep !== null && step <= lastStep) return null;
  return step;
}
