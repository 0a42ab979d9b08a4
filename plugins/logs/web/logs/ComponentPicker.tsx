import { useEffect, useRef, useState } from 'react';
import { Combobox, Option } from '@fluentui/react-components';
import type { LogsComponent } from './logsApi';

/** Spec 01 §9: option lookups wait this long after the last keystroke. */
export const OPTION_LOOKUP_DEBOUNCE_MS = 500;
export const NO_COMPONENTS = 'No options found';

export interface ComponentPickerProps {
  /** The chosen component's id ('' : none). */
  value: string;
  /** Its name once known (the URL holds only the id). */
  selectedName: string | undefined;
  /** The options for the current search. */
  options: readonly LogsComponent[] | undefined;
  loading: boolean;
  /** The search text, 500 ms after the last keystroke ('' : every component). */
  onSearch(text: string): void;
  onChange(id: string): void;
  className?: string;
}

/**
 * The searchable Component picker: typing searches components that name logs (`GET /api/logs/components?q=`),
 * choosing one writes it to the URL. Leaving the box without choosing shows the chosen component again.
 */
export function ComponentPicker({ value, selectedName, options, loading, onSearch, onChange, className }: ComponentPickerProps) {
  const [text, setText] = useState(selectedName ?? '');
  const typing = useRef(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const search = useRef(onSearch);
  search.current = onSearch;

  // The chosen component's name arrives after the page (a link carries only the id).
  useEffect(() => {
    if (!typing.current) setText(selectedName ?? '');
  }, [selectedName]);
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );

  const lookup = (next: string, delay: number) => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      timer.current = null;
      search.current(next.trim());
    }, delay);
  };

  const message = loading ? 'Searching...' : !options?.length ? NO_COMPONENTS : null;
  return (
    <Combobox
      className={className}
      aria-label="Component"
      placeholder="Search components"
      value={text}
      selectedOptions={value ? [value] : []}
      onChange={(event) => {
        typing.current = true;
        setText(event.target.value);
        lookup(event.target.value, OPTION_LOOKUP_DEBOUNCE_MS);
      }}
      onOptionSelect={(_, data) => {
        const chosen = options?.find((component) => component.id === data.optionValue);
        if (!chosen) return;
        typing.current = false;
        setText(chosen.name);
        // The next opening lists every component again, not the last search's.
        lookup('', 0);
        onChange(chosen.id);
      }}
      onBlur={() => {
        if (!typing.current) return;
        typing.current = false;
        setText(selectedName ?? '');
      }}
    >
      {message ? (
        <Option key="message" value="" text="" disabled>
          {message}
        </Option>
      ) : (
        (options ?? []).map((component) => (
          <Option key={component.id} value={component.id} text={component.name}>
            {component.type ? `${component.name} (${component.type})` : component.name}
          </Option>
        ))
      )}
    </Combobox>
  );
}
