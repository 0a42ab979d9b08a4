import { createHash, randomBytes } from 'node:crypto';

/** Opaque secrets (session cookies, access tokens) are random; only their sha256 is stored. */
export function newSecret(prefix = ''): string {
  return prefix + randomBytes(32).toString('base64url');
}

export function sha256(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

/**
 * The CSRF token is derived from the session secret, so it needs no storage and cannot be forged
 * without the HttpOnly session cookie. The web echoes it in the x-csrf-token header on writes.
 */
export function csrfTokenFor(sessionSecret: string): string {
  return createHash('sha256').update(`csrf:${sessionSecret}`).digest('base64url');
}
