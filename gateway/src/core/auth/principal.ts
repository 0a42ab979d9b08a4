import type { Aal, Role } from '@contracts';

/** Who is calling: resolved by the auth guard from a session cookie, Basic credentials or a Bearer token. */
export interface Principal {
  personId: string;
  email: string;
  name: string;
  roles: Role[];
  /** `oidc`: a single sign-on provider's JWT presented as a Bearer token. */
  via: 'session' | 'basic' | 'token' | 'oidc';
  sessionId?: string;
  /** The account has a second factor (TOTP or a security key): its sessions must reach aal2. */
  secondFactor?: boolean;
  /** A session's assurance level (aal2 once the second factor was given). */
  aal?: Aal;
  /** A session's last proof of identity (ms since epoch): sign-in or 'Confirm Action'. */
  authenticatedAt?: number;
}

/**
 * Verifies Bearer tokens that are not the console's own (`oc_…`): a single sign-on provider's JWTs. Provided by the
 * identity provider integration when one is configured; the guard asks it for any other Bearer value.
 */
export interface ExternalBearerVerifier {
  /** At once (no promise) when the answer is at hand: the guard runs on every request. */
  verify(token: string): Principal | undefined | Promise<Principal | undefined>;
}
export const EXTERNAL_BEARER = Symbol('EXTERNAL_BEARER');

declare module 'express-serve-static-core' {
  interface Request {
    principal?: Principal;
  }
}
