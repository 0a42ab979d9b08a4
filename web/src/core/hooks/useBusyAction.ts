import { useCallback, useState } from 'react';
import { useToast } from '@web/core/components/useToast';

/**
 * A write a dialog runs from a button (save, link, delete): `busy` while it runs (the button shows it and is
 * disabled), a failure shown as an error toast (the dialog stays as it was), and whether it succeeded, so the caller
 * closes and refreshes only then.
 */
export function useBusyAction(): [busy: boolean, run: (action: () => Promise<unknown>) => Promise<boolean>] {
  const toast = useToast();
  const [busy, setBusy] = useState(false);
  const run = useCallback(
    async (action: () => Promise<unknown>) => {
      setBusy(true);
      try {
        await action();
        return true;
      } catch (error) {
        toast.error(error);
        return false;
      } finally {
        setBusy(false);
      }
    },
    [toast],
  );
  return [busy, run];
}
