import { useCallback, useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { AUTH_ERROR } from '@contracts';
import { errorMessage, isApiError, loginUrlFor } from '@web/core/api';
import { SETTINGS_MESSAGE_MS } from './secondFactorApi';

export interface SectionMessage {
  intent: 'success' | 'error';
  text: string;
}

/**
 * Runs a section's request: its outcome becomes the section's message, cleared after 10 s (spec 03 §2). A change that
 * needs a recent sign-in (403 session_refresh_required) goes to 'Confirm Action' and comes back here.
 */
export function useSectionAction() {
  const navigate = useNavigate();
  const location = useLocation();
  const [message, setMessage] = useState<SectionMessage | null>(null);
  const [busy, setBusy] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => () => clearTimeout(timer.current), []);

  const show = useCallback((next: SectionMessage | null) => {
    clearTimeout(timer.current);
    setMessage(next);
    if (next) timer.current = setTimeout(() => setMessage(null), SETTINGS_MESSAGE_MS);
  }, []);

  /** Runs `work`; answers its result, or undefined when it failed (the message says why). */
  const run = useCallback(
    async <T>(work: () => Promise<T>, success?: string): Promise<T | undefined> => {
      setBusy(true);
      show(null);
      try {
        const result = await work();
        if (success) show({ intent: 'success', text: success });
        return result;
      } catch (error) {
        if (isApiError(error) && error.status === 403 && error.code === AUTH_ERROR.refreshRequired) {
          navigate(loginUrlFor(location, 'refresh'));
          return undefined;
        }
        show({ intent: 'error', text: errorMessage(error) });
        return undefined;
      } finally {
        setBusy(false);
      }
    },
    [location, navigate, show],
  );

  return { message, busy, run, show };
}
