import { useMemo } from 'react';
import { Toast, ToastTitle, useToastController } from '@fluentui/react-components';
import { TOAST_DURATION_MS } from '@contracts';
import { errorMessage } from '@web/core/api/ApiError';

export const TOASTER_ID = 'console-toaster';

export interface ToastApi {
  success(message: string): void;
  /** Accepts a message or any thrown value (its user-facing message is shown). */
  error(messageOrError: unknown): void;
}

/** Success and error toasts, 5000 ms each (spec 01 §9). */
export function useToast(): ToastApi {
  const { dispatchToast } = useToastController(TOASTER_ID);
  return useMemo(() => {
    const show = (message: string, intent: 'success' | 'error') =>
      dispatchToast(
        <Toast data-testid={`toast-${intent}`}>
          <ToastTitle>{message}</ToastTitle>
        </Toast>,
        { intent, timeout: TOAST_DURATION_MS },
      );
    return {
      success: (message) => show(message, 'success'),
      error: (value) => show(typeof value === 'string' ? value : errorMessage(value), 'error'),
    };
  }, [dispatchToast]);
}
