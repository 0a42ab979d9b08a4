/**
 * Identity: sign-in steps, second factors, self-service account flows, users and their sessions (spec 03 §2 "Sign-in
 * and account pages", §7 identity flows, §8 login messages).
 */
import type { Role } from './rbac';
import type { WhoAmI } from './api';

/** Authenticator assurance level of a session: aal1 = password (or SSO); aal2 = plus a second factor. */
export type Aal = 'aal1' | 'aal2';

export type SecondFactorMethod = 'totp' | 'webauthn' | 'recovery_code';

/** `POST /api/auth/login` when the account has a second factor: the session exists at aal1 and needs the second step. */
export interface SecondFactorRequired {
  second_factor_required: true;
  methods: SecondFactorMethod[];
}

/** `POST /api/auth/login` answers the signed-in user, or that a second factor is needed. */
export type LoginResponse = WhoAmI | SecondFactorRequired;

export function isSecondFactorRequired(response: LoginResponse): response is SecondFactorRequired {
  return (response as SecondFactorRequired).second_factor_required === true;
}

/** Error codes the web acts on (spec 03 §4 "Session check": 403 → second factor, 401 → login). */
export const AUTH_ERROR = {
  /** The session is at aal1 and the account has a second factor: go to `/login?aal=aal2`. */
  aal2Required: 'session_aal2_required',
  /** The action needs a recent sign-in: go to `/login?refresh=true` ('Confirm Action'), then come back. */
  refreshRequired: 'session_refresh_required',
} as const;

/** Login page variants (spec 03 §2). */
export const LOGIN_TITLES = {
  signIn: 'Sign In to your account',
  refresh: 'Confirm Action',
  aal2: 'Two-Factor Authentication',
} as const;

/** Login-flow messages (spec 03 §8), literal. */
export const LOGIN_FLOW_MESSAGES = {
  returnToNotAllowed: 'The return_to address is not allowed.',
  expired: 'Your interaction expired, please fill out the form again.',
  securityViolation: 'A security violation was detected, please fill out the form again.',
} as const;

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 1024;

/** Roles an admin picks in the invite and edit dialogs (spec 03 §6); other roles are assignable through the API. */
export const SELECTABLE_ROLES = ['admin', 'editor', 'viewer'] as const satisfies readonly Role[];
export type SelectableRole = (typeof SELECTABLE_ROLES)[number];

/** `POST /api/users/invite` (spec 03 §3 invite form). */
export interface InviteUserRequest {
  firstName: string;
  lastName: string;
  email: string;
  role: Role;
}

export interface InviteUserResponse {
  id: string;
  /** The one-time registration link, `{origin}/registration?token=…`. */
  link: string;
  expires_at: string;
  /** Whether the link was also sent by email (an SMTP connection is configured). */
  emailed: boolean;
}

/** Invite and edit user validation messages (spec 03 §5), literal. */
export const USER_FORM_MESSAGES = {
  firstName: 'Please provide valid first name',
  lastName: 'Please provide valid last name',
  email: 'Please provide valid email',
  emailFormat: 'Entered value does not match email format',
  role: 'Please select any role',
} as const;

export const USER_TOASTS = {
  invited: 'User has been invited successfully. Please share the link with the user.',
  deleted: 'user deleted successfully',
} as const;

/** `POST /api/auth/register`: an invite token (always accepted) or open registration (off unless enabled). */
export interface RegisterRequest {
  token?: string;
  email?: string;
  firstName?: string;
  lastName?: string;
  password: string;
}

/** A row of `/settings/users` (`GET /api/users`). */
export interface UserRow {
  id: string;
  name: string;
  email: string | null;
  avatar: string | null;
  roles: Role[];
  state: 'active' | 'inactive';
  /** Invited and not yet registered. */
  invited: boolean;
  second_factor: boolean;
  created_at: string;
  last_login: string | null;
}

/** One of the signed-in user's sessions (profile page). `id` is the session's public handle, never its secret. */
export interface SessionInfo {
  id: string;
  current: boolean;
  aal: Aal;
  created_at: string;
  last_seen_at: string;
  expires_at: string;
  ip: string | null;
  user_agent: string | null;
}

/** `GET /api/auth/oidc/config`: what the login page needs to offer single sign-on. */
export interface OidcPublicConfig {
  enabled: boolean;
  /** 'Sign in with {label}'. */
  label: string;
  /** Hosted mode: organisations come from the provider (OIDC_ORG_CLAIM). */
  hosted: boolean;
}

/** A provider identity linked to the signed-in person (never the provider's tokens). */
export interface LinkedIdentity {
  id: string;
  provider: string;
  email: string | null;
  created_at: string;
  last_used_at: string | null;
}

/** `GET /api/auth/oidc/identities` ('Manage Social Sign In'). */
export interface LinkedIdentities {
  /** Single sign-on is configured (a new link can be made). */
  enabled: boolean;
  label: string;
  identities: LinkedIdentity[];
  /** The account has a password: an identity may be unlinked without locking the person out. */
  has_password: boolean;
}

/** An organisation as hosted mode shows it (spec 03 §3: slug, publicMetadata {backend_url, direct}). */
export interface Organization {
  slug: string;
  name: string;
  publicMetadata: { backend_url: string | null; direct: boolean };
  /** The signed-in session works in this organisation. */
  current: boolean;
}

/**
 * Why a single sign-on ended on the login or profile page (`?sso_error=<code>`). The URL carries only the code and the
 * page shows its own sentence for it, so nobody can make the console's login page show a text of their choosing.
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

/** What the pages say for each SSO_ERROR code. */
export const SSO_ERROR_MESSAGES: Record<SsoErrorCode, string> = {
  security_violation: LOGIN_FLOW_MESSAGES.securityViolation,
  expired: LOGIN_FLOW_MESSAGES.expired,
  return_to_not_allowed: LOGIN_FLOW_MESSAGES.returnToNotAllowed,
  not_configured: 'Single sign-on is not configured on this console.',
  unavailable: 'Single sign-on is not available right now. Please try again later.',
  provider_refused: 'The identity provider did not sign you in. Please try again.',
  deactivated: 'Your account is deactivated. Ask an administrator to reactivate it.',
  no_email: 'The identity provider did not share your email address, so no account can be found or made for you.',
  unverified_email: 'An account with this email already exists. Sign in with your password, then link single sign-on on your profile page.',
  linked_elsewhere: 'This identity is already linked to another user.',
  no_subject: 'The identity provider did not say who you are.',
};
