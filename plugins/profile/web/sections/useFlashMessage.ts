import { useCallback, useEffect, useRef, useState } from 'react';

/** Profile page messages clear after 10 s (spec 03 §2). */
export const PROFILE_MESSAGE_MS = 10_000;

export interface FlashMessage {
  intent: 'success' | 'error';
  text: string;
}

/** A section's message, cleared after PROFILE_MESSAGE_MS (a new message restarts the wait). */
export function useFlashMessage(): [FlashMessage | null, (message: FlashMessage | null) => void] {
  const [message, setMessage] = useState<FlashMessage | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const show = useCallback((next: FlashMessage | null) => {
    clearTimeout(timer.current);
    setMessage(next);
    if (next) timer.current = setTimeout(() => setMessage(null), PROFILE_MESSAGE_MS);
  }, []);
  useEffect(() => () => clearTimeout(timer.current), []);
  return [message, show];
}
