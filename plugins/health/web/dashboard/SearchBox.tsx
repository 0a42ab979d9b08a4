import { useEffect, useRef, useState } from 'react';
import { Input } from '@fluentui/react-components';
import { Search20Regular } from '@fluentui/react-icons';
import { SEARCH_DEBOUNCE_MS } from '@contracts';

export const SEARCH_PLACEHOLDER = 'Search by name, description, or endpoint';

/** The search box: typing shows at once, the query (URL) follows 400 ms after the last keystroke. */
export function SearchBox({ value, onChange }: { value: string; onChange(value: string): void }) {
  const [text, setText] = useState(value);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const latest = useRef(onChange);
  latest.current = onChange;

  // Back/forward or a shared link changes the query from outside.
  useEffect(() => setText(value), [value]);
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );

  return (
    <Input
      type="search"
      aria-label="Search"
      placeholder={SEARCH_PLACEHOLDER}
      contentBefore={<Search20Regular />}
      value={text}
      style={{ minWidth: '320px' }}
      onChange={(_, data) => {
        setText(data.value);
        if (timer.current) clearTimeout(timer.current);
        timer.current = setTimeout(() => {
          timer.current = null;
          latest.current(data.value);
        }, SEARCH_DEBOUNCE_MS);
      }}
    />
  );
}
