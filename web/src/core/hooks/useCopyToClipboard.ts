import { useCallback } from 'react';
import { useToast } from '@web/core/components/useToast';

/** Copies text and reports the outcome with the spec's toasts (spec 01 §8). */
export function useCopyToClipboard(): (text: string, successMessage?: string) => Promise<boolean> {
  const toast = useToast();
  return useCallback(
    async (text, successMessage = 'Copied to clipboard') => {
      if (!navigator.clipboard?.writeText) {
        toast.error('Clipboard not available');
        return false;
      }
      try {
        await navigator.clipboard.writeText(text);
        toast.success(successMessage);
        return true;
      } catch {
        toast.error('Failed to copy to clipboard');
        return false;
      }
    },
    [toast],
  );
}
