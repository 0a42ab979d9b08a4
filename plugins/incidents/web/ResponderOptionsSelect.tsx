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
  disabled?: boolean;
  onChange(value: string): void;
}

/** A select whose options come from the peer through the gateway; looked up 500 ms after inputs settle, [] on failure. */
export function ResponderOptionsSelect({ type, field, params, value, disabled, onChange }: ResponderOptionsSelectProps) {
  const [options, setOptions] = useState<{ value: string; label: string }[]>(field.options ? [...field.options] : []);
  const paramsKey = JSON.stringify(params);
  useEffect(() => {
    if (!field.optionsKey) return undefined;
    let cancelled = false;
    const timer = setTimeout(() => {
      responderOptions(type, field.optionsKey!, JSON.parse(paramsKey) as Record<string, string>)
        .then((list) => !cancelled && setOptions(Array.isArray(list) ? list : []))
        .catch(() => !cancelled && setOptions([]));
    }, RESPONDER_OPTIONS_DEBOUNCE_MS);
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
  }, [type, field.optionsKey, paramsKey]);

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
