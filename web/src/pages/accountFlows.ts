import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { useSWRConfig } from 'swr';
import { z } from 'zod';
import { AUTH_ERROR, isSecondFactorRequired, LOGIN_FLOW_MESSAGES, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, type LoginResponse } from '@contracts';
import { API_PATHS, errorMessage, isApiError } from '@web/core/api';

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

/** `GET /api/auth/verification`: the signed-in person's address (null when signed out) and whether it is verified. */
export interface VerificationStatus {
  email: string | null;
  verified: boolean;
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

/** A new password typed twice (registration, recovery), with the gateway's own length rule. */
export const newPasswordSchema = z
  .object({
    password: z
      .string()
      .min(PASSWORD_MIN_LENGTH, `Password must be at least ${PASSWORD_MIN_LENGTH} characters`)
      .max(PASSWORD_MAX_LENGTH, `Password must be at most ${PASSWORD_MAX_LENGTH} characters`),
    confirm: z.string(),
  })
  .refine((values) => values.password === values.confirm, { message: PASSWORDS_DIFFER, path: ['confirm'] });
export type NewPassword = z.infer<typeof newPasswordSchema>;

/**
 * A flow ended in a session (registration, recovery): forget what was cached for whoever was here before, seed whoami,
 * go home; an account with a second factor goes to that step first.
 */
export function useFinishSignIn(): (response: LoginResponse, returnTo?: string) => Promise<void> {
  const navigate = useNavigate();
  const { mutate } = useSWRConfig();
  return useCallback(
    async (response: LoginResponse, returnTo = '/') => {
      await mutate(() => true, undefined, { revalidate: false });
      if (isSecondFactorRequired(response)) {
        navigate(`/login?${new URLSearchParams({ aal: 'aal2', return_to: returnTo })}`, { replace: true });
        return;
      }
      await mutate(API_PATHS.whoami, response, { revalidate: false });
      navigate(returnTo, { replace: true });
    },
    [mutate, navigate],
  );
}
