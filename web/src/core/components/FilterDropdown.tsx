import { Dropdown, Option, makeStyles, mergeClasses } from '@fluentui/react-components';

/** The filter dropdowns of the list pages (catalogue, changes, insights, playbook runs): one look, one behaviour. A time
 * range is picked with the shared TimeRangePicker instead. */

export interface FilterChoice {
  value: string;
  label: string;
}

export const ALL = '';

const useStyles = makeStyles({
  dropdown: { minWidth: '160px' },
});

/** A single-choice filter with 'All' first; '' is All. Shows `Label: choice` (a value no choice names as it is). */
export function FilterDropdown({
  label,
  value,
  choices,
  onChange,
  className,
}: {
  label: string;
  value: string;
  choices: readonly FilterChoice[];
  onChange(value: string): void;
  className?: string;
}) {
  const styles = useStyles();
  const selected = choices.find((choice) => choice.value === value);
  return (
    <Dropdown
      className={mergeClasses(styles.dropdown, className)}
      aria-label={label}
      placeholder={label}
      value={selected ? `${label}: ${selected.label}` : value ? `${label}: ${value}` : `${label}: All`}
      selectedOptions={[value]}
      onOptionSelect={(_, data) => onChange(data.optionValue ?? ALL)}
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
  const styles = useStyles();
  const labels = values.map((value) => choices.find((choice) => choice.value === value)?.label ?? value);
  return (
    <Dropdown
      multiselect
      className={styles.dropdown}
      aria-label={label}
      placeholder={`${label}: All`}
      value={labels.length ? `${label}: ${labels.join(', ')}` : ''}
      selectedOptions={[...values]}
      onOptionSelect={(_, data) => onChange(data.selectedOptions)}
    >
      {choices.map((choice) => (
        <Option key={choice.value} value={choice.value}>
          {choice.label}
        </Option>
      ))}
    </Dropdown>
  );
}
