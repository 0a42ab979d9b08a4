import { Toaster } from '@fluentui/react-components';
import { TOAST_DURATION_MS } from '@contracts';
import { TOASTER_ID } from './useToast';

/**
 * Toasts stand at the top centre, below the header. At the top end they covered the page's own actions (an
 * incident's Close / Reopen and Status, right when a status change raised its toast); the bottom end holds the
 * editors' Save and the comment box's Send.
 */
export const TOAST_POSITION = 'top' as const;
const TOAST_OFFSET = { vertical: 56 };

/** The one toaster of the app; `useToast()` dispatches to it. */
export function Toasts() {
  return <Toaster toasterId={TOASTER_ID} position={TOAST_POSITION} offset={TOAST_OFFSET} timeout={TOAST_DURATION_MS} pauseOnHover />;
}
