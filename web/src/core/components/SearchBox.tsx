import { useEffect, useRef, useState } from 'react';
import { Input } from '@fluentui/react-components';
import { Search20Regular } from '@fluentui/react-icons';
import { SEARCH_DEBOUNCE_MS } from '@contracts';

export interface SearchBoxProps {
  value: string;
  onChange(value: string): void;
  placeholder: string;
  /** The box's accessible name; the placeholder when not given. */
  ariaLabel?: string;
  /** Pixels. */
  minWidth?: number;
  className?: string;
  /** How long after the last keystroke `onChange` hears the text; 400 ms (spec §9) unless a page's spec says otherwise. */
  debounceMs?: number;
}

/** A search box whose text shows at once and whose value (the URL) follows 400 ms after the last keystroke (spec §9). */
export function SearchBox({
  value,
  onChange,
  placeholder,
  ariaLabel = placeholder,
  minWidth = 280,
  className,
  debounceMs = SEARCH_DEBOUNCE_MS,
}: SearchBoxProps) {
  const [text, setText] = useState(value);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const latest = useRef(onChange);
  latest.current = onChange;

  // Back/forward, a shared link or a drill-down changes the value from outside.
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
      aria-label={ariaLabel}
      placeholder={placeholder}
      contentBefore={<Search20Regular />}
      value={text}
      style={{ minWidth: `${minWidth}px` }}
      onChange={(_, data) => {
        setText(data.value);
        if (timer.current) clearTimeout(timer.current);
        timer.current = setTimeout(() => {
          timer.current = null;
          latest.current(data.value);
        }, debounceMs);
      }}
    />
  );
}
