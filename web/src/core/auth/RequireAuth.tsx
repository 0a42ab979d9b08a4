import type { ReactNode } from 'react';
import { AUTH_ERROR } from '@contracts';
import { Loading } from '@web/core/components/Loading';
import { ErrorPanel } from '@web/core/components/ErrorPanel';
import { useWhoAmI } from './useWhoAmI';

/**
 * Renders its children only for a signed-in user. A 401 from whoami has already sent the user to
 * /login (the HTTP client's error mapper does that), and a 403 `session_aal2_required` to the second-factor step, so it
 * keeps showing the placeholder meanwhile.
 */
export function RequireAuth({ children }: { children: ReactNode }) {
  const { whoami, error } = useWhoAmI();
  if (error && error.status !== 401 && error.code !== AUTH_ERROR.aal2Required) return <ErrorPanel error={error} />;
  if (!whoami) return <Loading label="Loading your session..." />;
  return <>{children}</>;
}
