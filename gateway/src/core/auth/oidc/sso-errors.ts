/**
 * Why a single sign-on ended on the login page (`/login?sso_error=<code>`) or the profile page. The URL carries only
 * the code: the page shows its own sentence for it (web/src/pages/SsoButtons.tsx), so nobody can make the console's
 * login page show a text of their choosing. Details (a provider's error description) go to the gateway's log.
 */
export const SSO_ERROR = {
  /** State, nonce or ID token did not check out, no flow cookie, or a flow used twice. */
  securityViolation: 'security_violation',
  /** The flow was older than 10 minutes. */
  expired: 'expired',
  returnToNotAllowed: 'return_to_not_allowed',
  notConfigured: 'not_configured',
  /** Discovery, the token endpoint or the network failed. */
  unavailable: 'unavailable',
  /** The provider answered with an OAuth error (access_denied, invalid_grant…). */
  providerRefused: 'provider_refused',
  deactivated: 'deactivated',
  noEmail: 'no_email',
  /** An account with the email exists and the provider does not vouch for the address. */
  unverifiedEmail: 'unverified_email',
  /** Linking: the provider identity belongs to another person. */
  linkedElsewhere: 'linked_elsewhere',
  noSubject: 'no_subject',
} as const;

export type SsoErrorCode = (typeof SSO_ERROR)[keyof typeof SSO_ERROR];
