import { Dropdown, Option } from '@fluentui/react-components';

export interface FilterChoice {
  value: string;
  label: string;
}

export const ALL = '';

/** A single-choice filter with 'All' first; '' is All. */
export function FilterDropdown({
  label,
  value,
  choices,
  onChange,
}: {
  label: string;
  value: string;
  choices: readonly FilterChoice[];
  onChange(value: string): void;
}) {
  const selected = choices.find((choice) => choice.value === value);
  return (
    <Dropdown
      aria-label={label}
      placeholder={label}
      value={selected ? `${label}: ${selected.label}` : value ? `${label}: ${value}` : `${label}: All`}
      selectedOptions={[value]}
      onOptionSelect={(_, data) => onChange(data.optionValue ?? ALL)}
      style={{ minWidth: '160px' }}
    >
      <Option value={ALL}>All</Option>
      {choices.map((choice) => (
        <Option key={choice.value} value={choice.value}>
          {choice.label}
        </Option>
      ))}
    </Dropdown>
  );
}

/** A multi-choice filter; the chosen values in order of choice. */
export function MultiFilterDropdown({
  label,
  values,
  choices,
  onChange,
}: {
  label: string;
  values: readonly string[];
  choices: readonly FilterChoice[];
  onChange(values: string[]): void;
}) {
  const labels = values.map((value) => choices.find((choice) => choice.value === value)?.label ?? value);
  return (
    <Dropdown
      multiselect
      aria-label={label}
      placeholder={`${label}: All`}
      value={labels.length ? `${label}: ${labels.join(', ')}` : ''}
      selectedOptions={[...values]}
      onOptionSelect={(_, data) => onChange(data.selectedOptions)}
      style={{ minWidth: '160px' }}
    >
      {choices.map((choice) => (
        <Option key={choice.value} value={choice.value}>
          {choice.label}
        </Option>
      ))}
    </Dropdown>
  );
}
