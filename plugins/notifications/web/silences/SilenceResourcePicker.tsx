import { useEffect, useState } from 'react';
import { Combobox, Option } from '@fluentui/react-components';
import type { ResourceSearchHit } from '@contracts';
import { useAbortableSWR } from '@web/core/hooks/useAbortableSWR';
import type { PickedResource } from './silenceForm';
import { type PickableKind, searchResources } from './silencesApi';

/** The search waits this long after the last keystroke. */
export const SEARCH_DEBOUNCE_MS = 300;
export const START_TYPING = 'Start typing to search';
export const NO_OPTIONS = 'No options found';

const describeHit = (hit: ResourceSearchHit) => [hit.type, hit.namespace].filter(Boolean).join(' · ');

export interface SilenceResourcePickerProps {
  label: string;
  kind: PickableKind;
  value: PickedResource | null;
  onChange(resource: PickedResource | null): void;
  onBlur?(): void;
  invalid?: boolean;
}

/**
 * Picks a config, component or check by name through `POST /api/resources/search` (300 ms after the last keystroke;
 * a newer search cancels the one in flight). Typing over a chosen resource un-chooses it: what is shown is what is
 * silenced.
 */
export function SilenceResourcePicker({ label, kind, value, onChange, onBlur, invalid }: SilenceResourcePickerProps) {
  const [text, setText] = useState(value?.name ?? '');
  const [search, setSearch] = useState('');
  // A resource set from outside (a name read for an address's id, a kind switch clearing it) shows its name.
  useEffect(() => setText(value?.name ?? ''), [value?.id, value?.name]);
  useEffect(() => {
    const timer = setTimeout(() => setSearch(text.trim()), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text]);

  const typed = search && search !== value?.name ? search : '';
  const { data: hits, isLoading } = useAbortableSWR(typed ? ['/api/resources/search', kind, typed] : null, (signal) => searchResources(kind, typed, signal));
  const message = !text.trim() ? START_TYPING : value ? null : isLoading || search !== text.trim() ? 'Searching...' : !hits?.length ? NO_OPTIONS : null;

  return (
    <Combobox
      aria-label={label}
      aria-invalid={invalid || undefined}
      placeholder="Search by name"
      value={text}
      selectedOptions={value ? [value.id] : []}
      onChange={(event) => {
        setText(event.target.value);
        if (value) onChange(null);
      }}
      onOptionSelect={(_, data) => {
        const hit = hits?.find((candidate) => candidate.id === data.optionValue);
        if (!hit) return;
        setText(hit.name);
        onChange({ id: hit.id, name: hit.name });
      }}
      onBlur={onBlur}
    >
      {message ? (
        <Option key="message" value="" text="" disabled>
          {message}
        </Option>
      ) : value && !hits?.some((hit) => hit.id === value.id) ? (
        <Option key={value.id} value={value.id} text={value.name}>
          {value.name}
        </Option>
      ) : (
        (hits ?? []).map((hit) => (
          <Option key={hit.id} value={hit.id} text={hit.name}>
            {describeHit(hit) ? `${hit.name} (${describeHit(hit)})` : hit.name}
          </Option>
        ))
      )}
    </Combobox>
  );
}
