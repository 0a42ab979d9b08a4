import { useEffect, useState } from 'react';
import { Select } from '@fluentui/react-components';
import { responderOptions } from './incidentsApi';
import { RESPONDER_OPTIONS_DEBOUNCE_MS, type ResponderField } from './responderTypes';

export interface ResponderOptionsSelectProps {
  type: string;
  field: ResponderField;
  /** The values the lookup depends on (connection, project...). */
  params: Record<string, string>;
  value: string;
  /** Choices from the team's spec; when given, the peer is not asked. */
  staticOptions?: readonly { value: string; label: string }[];
  disabled?: boolean;
  onChange(value: string): void;
}

/** A select whose options come from the peer through the gateway; looked up 500 ms after inputs settle, [] on failure. */
export function ResponderOptionsSelect({ type, field, params, value, staticOptions, disabled, onChange }: ResponderOptionsSelectProps) {
  const [looked, setOptions] = useState<{ value: string; label: string }[]>(field.options ? [...field.options] : []);
  const options = staticOptions ?? looked;
  const paramsKey = JSON.stringify(params);
  const lookup = staticOptions ? undefined : field.optionsKey;
  useEffect(() => {
    if (!lookup) return undefined;
    let cancelled = false;
    const timer = setTimeout(() => {
      responderOptions(type, lookup, JSON.parse(paramsKey) as Record<string, string>)
        .then((list) => !cancelled && setOptions(Array.isArray(list) ? list : []))
        .catch(() => !cancelled && setOptions([]));
    }, RESPONDER_OPTIONS_DEBOUNCE_MS);
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
  }, [type, lookup, paramsKey]);

  const shown = value && !options.some((o) => o.value === value) ? [{ value, label: value }, ...options] : options;
  return (
    <Select value={value} disabled={disabled} onChange={(_, data) => onChange(data.value)}>
      <option value="">Select...</option>
      {shown.map((option) => (
        <option key={option.value} value={option.value}>
          {option.label}
        </option>
      ))}
    </Select>
  );
}
