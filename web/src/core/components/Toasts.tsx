import { Toaster } from '@fluentui/react-components';
import { TOAST_DURATION_MS } from '@contracts';
import { TOASTER_ID } from './useToast';

/** The one toaster of the app; `useToast()` dispatches to it. */
export function Toasts() {
  return <Toaster toasterId={TOASTER_ID} position="top-end" timeout={TOAST_DURATION_MS} pauseOnHover />;
}
