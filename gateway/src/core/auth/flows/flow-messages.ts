import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@contracts';
import { DomainError } from '../../http/domain-error';

/** What the account flows answer; the pages show these as they are. */
export const FLOW_MESSAGES = {
  inviteExpired: 'This invitation link has expired or has already been used. Ask an administrator for a new one.',
  recoveryExpired: 'This recovery link has expired or has already been used. Ask for a new one.',
  verificationExpired: 'This verification link has expired or has already been used. Ask for a new one.',
  tokenRequired: 'The link is missing its token',
  passwordTooShort: `Password must be at least ${PASSWORD_MIN_LENGTH} characters`,
  passwordTooLong: `Password must be at most ${PASSWORD_MAX_LENGTH} characters`,
  registrationClosed: 'Registration is by invitation only. Ask an administrator for an invitation link.',
  emailTaken: 'An account with this email already exists. Sign in or recover your account instead.',
  inviteEmailTaken: 'A user with this email already exists',
  inviteRoleNotHeld: (role: string) => `You cannot invite someone as ${role}: it grants permissions you do not have`,
  recoverySent: 'If an account exists for this email, we have sent it a link to recover it. The link can be used once and expires soon.',
  verificationSent: 'If an account exists for this email, we have sent it a link to verify it.',
  verificationSentToSelf: (email: string) => `We have sent a verification link to ${email}.`,
  alreadyVerified: 'Your email address is already verified.',
  tooManyRequests: 'Too many requests for this email or address. Please wait a while and try again.',
  currentPasswordWrong: 'The current password is not correct',
  sessionNotFound: 'Session not found',
  sessionId: 'The session id must be a UUID',
} as const;

/** 410: the link's code is unknown, used or expired (spec 03 §4: an expired flow restarts). */
export const flowExpired = (message: string) => new DomainError(410, 'flow_expired', message);

/** The password rules of every flow that sets one (registration, recovery, change). */
export function passwordProblem(password: unknown): string | undefined {
  if (typeof password !== 'string' || password.length < PASSWORD_MIN_LENGTH) return FLOW_MESSAGES.passwordTooShort;
  if (password.length > PASSWORD_MAX_LENGTH) return FLOW_MESSAGES.passwordTooLong;
  return undefined;
}

/** The simple address pattern of the invite form (spec 03 §5). */
/** Line breaks and other control characters: a name goes into emails' text, where they would start lines of their own. */
export const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]/;

export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
