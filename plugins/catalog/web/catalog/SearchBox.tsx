import { useEffect, useRef, useState } from 'react';
import { Input } from '@fluentui/react-components';
import { Search20Regular } from '@fluentui/react-icons';
import { SEARCH_DEBOUNCE_MS } from '@contracts';

/** A search box whose text shows at once and whose value (the URL) follows 400 ms after the last keystroke (§9). */
export function SearchBox({ value, placeholder, onChange }: { value: string; placeholder: string; onChange(value: string): void }) {
  const [text, setText] = useState(value);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const latest = useRef(onChange);
  latest.current = onChange;

  // Back/forward or a drill-down changes the value from outside.
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
      aria-label={placeholder}
      placeholder={placeholder}
      contentBefore={<Search20Regular />}
      value={text}
      style={{ minWidth: '280px' }}
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
