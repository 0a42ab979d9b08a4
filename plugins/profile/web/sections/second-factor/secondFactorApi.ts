/**
 * The second-factor API as the profile page uses it (gateway/src/core/auth/second-factor; shapes as in its
 * second-factor.types.ts).
 */
export const SECOND_FACTOR_API = {
  status: '/api/auth/2fa',
  totpSetup: '/api/auth/2fa/totp/setup',
  totpVerify: '/api/auth/2fa/totp/verify',
  totp: '/api/auth/2fa/totp',
  recoveryCodes: '/api/auth/2fa/recovery-codes',
  webauthnOptions: '/api/auth/2fa/webauthn/register/options',
  webauthnVerify: '/api/auth/2fa/webauthn/register/verify',
  webauthnKey: (id: string) => `/api/auth/2fa/webauthn/${encodeURIComponent(id)}`,
} as const;

export interface WebAuthnCredentialInfo {
  id: string;
  name: string;
  created_at: string;
  last_used_at: string | null;
}

export interface SecondFactorStatus {
  totp: boolean;
  recovery_codes_left: number;
  webauthn: WebAuthnCredentialInfo[];
}

export interface TotpSetup {
  secret: string;
  otpauth_uri: string;
  qr: string;
}

export interface RecoveryCodes {
  recovery_codes: string[];
}

export interface WebAuthnRegistered {
  credential: WebAuthnCredentialInfo;
  recovery_codes?: string[];
}

/** Profile settings messages clear after this long (spec 03 §2, §9). */
export const SETTINGS_MESSAGE_MS = 10_000;
