import { Combobox, Field, Option } from '@fluentui/react-components';
import { DURATION_PRESETS } from '@contracts';

export interface DurationFieldProps {
  label: string;
  /** The text as typed (`5m`, `1h30m`); the caller turns it into nanoseconds with parseDuration. */
  value: string;
  onChange(value: string): void;
  onBlur?(): void;
  required?: boolean;
  /** Shown under the field (see durationProblem). */
  error?: string;
  hint?: string;
  placeholder?: string;
}

/**
 * A notification duration (rule Wait For, a silence's length): type any duration or pick a preset of spec 03 §5
 * (3m … 7d). Validation is the caller's, with durationProblem, so the form decides when a value is required.
 */
export function DurationField({ label, value, onChange, onBlur, required, error, hint, placeholder = 'e.g. 5m' }: DurationFieldProps) {
  return (
    <Field label={label} required={required} hint={hint} validationState={error ? 'error' : 'none'} validationMessage={error}>
      <Combobox
        freeform
        placeholder={placeholder}
        value={value}
        selectedOptions={(DURATION_PRESETS as readonly string[]).includes(value) ? [value] : []}
        onChange={(event) => onChange(event.target.value)}
        onOptionSelect={(_, data) => {
          if (data.optionValue) onChange(data.optionValue);
        }}
        onBlur={onBlur}
      >
        {DURATION_PRESETS.map((preset) => (
          <Option key={preset} value={preset}>
            {preset}
          </Option>
        ))}
      </Combobox>
    </Field>
  );
}
