/**
 * Shapes of the second-factor API (spec 03 §2 'Two-Factor Authentication', profile 2FA sections). The web keeps the
 * same shapes in plugins/profile/web/sections/second-factor/secondFactorApi.ts until they move to contracts.
 */
import type { SecondFactorMethod } from '@contracts';

/** `POST /api/auth/2fa/totp/setup`: shown once. */
export interface TotpSetup {
  /** Base32, for typing into an app by hand. */
  secret: string;
  otpauth_uri: string;
  /** The URI as a PNG data URL. */
  qr: string;
}

/** `POST /api/auth/2fa/totp/verify`, `POST /api/auth/2fa/recovery-codes`: shown once; only hashes are kept. */
export interface RecoveryCodes {
  recovery_codes: string[];
}

/** A registered security key or platform authenticator (never its key material). */
export interface WebAuthnCredentialInfo {
  id: string;
  name: string;
  created_at: string;
  last_used_at: string | null;
}

/** `GET /api/auth/2fa`: what the signed-in person has set up. */
export interface SecondFactorStatus {
  totp: boolean;
  recovery_codes_left: number;
  webauthn: WebAuthnCredentialInfo[];
}

/** `GET /api/auth/2fa/methods`: what the session may finish signing in with. */
export interface SecondFactorMethods {
  methods: SecondFactorMethod[];
}

/** `POST /api/auth/2fa/webauthn/register/verify`: recovery codes come along when the person had none. */
export interface WebAuthnRegistered {
  credential: WebAuthnCredentialInfo;
  recovery_codes?: string[];
}
