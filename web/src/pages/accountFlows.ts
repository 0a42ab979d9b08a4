import { AUTH_ERROR, LOGIN_FLOW_MESSAGES } from '@contracts';
import { errorMessage, isApiError } from '@web/core/api';

/** The gateway's self-service account flow endpoints (registration, recovery, verification; spec 03 §7 identity flows). */
export const FLOW_PATHS = {
  registrationMode: '/api/auth/registration',
  invitation: (token: string) => `/api/auth/registration/${encodeURIComponent(token)}`,
  register: '/api/auth/register',
  recovery: '/api/auth/recovery',
  recoveryComplete: '/api/auth/recovery/complete',
  verification: '/api/auth/verification',
  verificationComplete: '/api/auth/verification/complete',
} as const;

export interface Invitation {
  email: string;
  firstName: string;
  lastName: string;
}

export const PASSWORDS_DIFFER = 'The passwords do not match';

/**
 * What a flow shows when a step fails (spec 03 §8): a CSRF refusal is a security violation; an expired flow (410)
 * says so, with the gateway's own sentence when it has a more precise one (an invitation link used or expired);
 * anything else shows the server's message.
 */
export function flowErrorMessage(error: unknown, expired: 'literal' | 'server' = 'literal'): string {
  if (isApiError(error)) {
    if (error.code === 'csrf') return LOGIN_FLOW_MESSAGES.securityViolation;
    if (error.status === 410) return expired === 'server' && error.message ? error.message : LOGIN_FLOW_MESSAGES.expired;
  }
  return errorMessage(error);
}

/** Whether an error asks for 'Confirm Action' (a recent sign-in) before the change is made. */
export function isRefreshRequired(error: unknown): boolean {
  return isApiError(error) && error.status === 403 && error.code === AUTH_ERROR.refreshRequired;
}
