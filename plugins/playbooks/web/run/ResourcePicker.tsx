import { useEffect, useState } from 'react';
import { Combobox, Option } from '@fluentui/react-components';
import type { ResourceSearchHit, SearchableResource } from '@contracts';
import { useAbortableSWR } from '@web/core/hooks/useAbortableSWR';
import { type RunResource, searchResources } from '../playbooks/playbooksApi';

/** Spec 02 §9: the resource search waits this long after the last keystroke. */
export const RESOURCE_SEARCH_DEBOUNCE_MS = 300;
export const START_TYPING = 'Start typing to search';
export const NO_OPTIONS = 'No options found';
const RESULT_LIMIT = 50;

const describeHit = (hit: ResourceSearchHit) => [hit.type, hit.namespace].filter(Boolean).join(' · ');

export interface ResourcePickerProps {
  /** The picker's accessible name. */
  label: string;
  kinds: readonly SearchableResource[];
  /** Only resources this playbook applies to. */
  playbookId?: string;
  /** Only these types (a parameter's `filter`). */
  types?: readonly string[];
  value: RunResource | null;
  onChange(resource: RunResource | null): void;
  onBlur?(): void;
}

/**
 * Picks a config, check or component through `POST /api/resources/search` as the user types (300 ms after the last
 * keystroke; a newer search cancels the one in flight). Nothing is searched before the user types.
 */
export function ResourcePicker({ label, kinds, playbookId, types, value, onChange, onBlur }: ResourcePickerProps) {
  const [text, setText] = useState(value?.name ?? value?.id ?? '');
  const [search, setSearch] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setSearch(text.trim()), RESOURCE_SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text]);

  const { data: hits, isLoading } = useAbortableSWR(
    search ? ['/api/resources/search', kinds.join(','), playbookId ?? '', (types ?? []).join(','), search] : null,
    (signal) => searchResources({ search, kinds: [...kinds], playbook_id: playbookId, types: types ? [...types] : undefined, limit: RESULT_LIMIT }, signal),
  );

  const message = !text.trim() ? START_TYPING : isLoading || search !== text.trim() ? 'Searching...' : !hits?.length ? NO_OPTIONS : null;
  return (
    <Combobox
      aria-label={label}
      placeholder="Search by name"
      value={text}
      selectedOptions={value ? [value.id] : []}
      onChange={(event) => {
        setText(event.target.value);
        // Typing over a chosen resource un-chooses it: what is shown is what will run.
        if (value) onChange(null);
      }}
      onOptionSelect={(_, data) => {
        const hit = hits?.find((h) => h.id === data.optionValue);
        if (!hit) return;
        setText(hit.name);
        onChange({ kind: hit.kind, id: hit.id, name: hit.name });
      }}
      onBlur={onBlur}
    >
      {message ? (
        <Option key="message" value="" text="" disabled>
          {message}
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
