import { useEffect, useRef, useState } from 'react';
import { Input } from '@fluentui/react-components';
import { Search20Regular } from '@fluentui/react-icons';

/** Spec 01 §9: the log query follows the box 500 ms after the last keystroke (core SearchBox waits 400 ms). */
export const LOG_QUERY_DEBOUNCE_MS = 500;

/** The Search box: its text shows at once; `onChange` (the URL's `query`) gets it 500 ms after the last keystroke. */
export function LogQueryBox({ value, onChange, className }: { value: string; onChange(value: string): void; className?: string }) {
  const [text, setText] = useState(value);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const latest = useRef(onChange);
  latest.current = onChange;

  // Back/forward or a link changes the value from outside.
  useEffect(() => setText(value), [value]);
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );

  return (
    <Input
      className={className}
      type="search"
      aria-label="Search"
      placeholder="Search"
      contentBefore={<Search20Regular />}
      value={text}
      onChange={(_, data) => {
        setText(data.value);
        if (timer.current) clearTimeout(timer.current);
        timer.current = setTimeout(() => {
          timer.current = null;
          latest.current(data.value);
        }, LOG_QUERY_DEBOUNCE_MS);
      }}
    />
  );
}
