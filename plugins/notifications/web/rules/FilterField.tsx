import { Field, Textarea, makeStyles, tokens } from '@fluentui/react-components';
import { type FilterCheck } from '@contracts';
import { useDebouncedRequest } from './useDebouncedRequest';
import { validateFilter } from './rulesApi';

const useStyles = makeStyles({
  code: { fontFamily: tokens.fontFamilyMonospace },
});

export interface FilterFieldProps {
  value: string;
  onChange(value: string): void;
  onBlur(): void;
  /** The events chosen: the filter is compiled and run against a sample of each. */
  events: readonly string[];
  /** A problem the form knows (the server's 400 about the filter). */
  error?: string;
}

/**
 * The rule's CEL filter, checked as the user types (POST …/validate-filter with the chosen events, debounced): the
 * gateway's compile or evaluation error is shown under the field.
 */
export function FilterField({ value, onChange, onBlur, events, error }: FilterFieldProps) {
  const styles = useStyles();
  const key = value.trim() ? JSON.stringify([value, events]) : null;
  const check = useDebouncedRequest<FilterCheck>(key, (signal) => validateFilter(value, events, signal));
  const problem = error ?? (check.data && !check.data.ok ? (check.data.error ?? 'Invalid filter') : check.error);
  const valid = !problem && check.data?.ok && !check.loading;
  return (
    <Field
      label="Filter"
      hint={problem ? undefined : 'CEL over the event and its resource, e.g. check.status == "unhealthy" && "prod" in check.labels.env'}
      validationState={problem ? 'error' : valid ? 'success' : 'none'}
      validationMessage={problem ?? (valid ? 'Valid filter' : undefined)}
    >
      <Textarea
        className={styles.code}
        textarea={{ className: styles.code, spellCheck: false }}
        value={value}
        resize="vertical"
        rows={3}
        onChange={(_, data) => onChange(data.value)}
        onBlur={onBlur}
      />
    </Field>
  );
}
