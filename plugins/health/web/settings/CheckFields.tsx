import { Checkbox, Field, Input, Select, Textarea, makeStyles, tokens } from '@fluentui/react-components';
import type { FieldSpec } from '@web/core/plugin-host';
import { SecretField } from './SecretField';
import {
  EXPRESSION_FIELDS,
  type CheckSpecValue,
  expressionOf,
  expressionToStored,
  fieldProblem,
  getPath,
  numberFromText,
  REQUIRED_MESSAGE,
  setPath,
} from './canaryDocument';

const useStyles = makeStyles({
  grid: { display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(260px, 1fr))', gap: tokens.spacingHorizontalM, alignItems: 'start' },
  wide: { gridColumn: '1 / -1' },
});

export interface CheckFieldsProps {
  check: CheckSpecValue;
  fields: readonly FieldSpec[];
  onChange(check: CheckSpecValue): void;
  disabled?: boolean;
  /** Show "required" messages (after a save attempt); malformed values are flagged at once. */
  showRequired: boolean;
}

const textOf = (value: unknown) => (value === undefined || value === null ? '' : typeof value === 'object' ? JSON.stringify(value) : String(value));

/** One check rendered from its type's field specs (`health.checkTypes`), plus the CEL expressions every check has. */
export function CheckFields({ check, fields, onChange, disabled, showRequired }: CheckFieldsProps) {
  const styles = useStyles();
  const set = (name: string, value: unknown) => onChange(setPath(check, name, value));

  return (
    <div className={styles.grid}>
      {fields.map((field) => {
        const value = getPath(check, field.name);
        const problem = fieldProblem(field, value);
        const shown = problem && (showRequired || problem !== REQUIRED_MESSAGE) ? problem : null;
        if (field.kind === 'secret') {
          return (
            <SecretField key={field.name} label={field.label} required={field.required} value={value} disabled={disabled} error={shown} onChange={(stored) => set(field.name, stored)} />
          );
        }
        if (field.kind === 'boolean') {
          return (
            <Checkbox key={field.name} label={field.label} checked={value === true} disabled={disabled} onChange={(_, data) => set(field.name, data.checked === true ? true : undefined)} />
          );
        }
        const control =
          field.kind === 'select' ? (
            <Select value={textOf(value)} disabled={disabled} onChange={(_, data) => set(field.name, data.value || undefined)}>
              <option value="">{field.required ? 'Select...' : '(default)'}</option>
              {(field.options ?? []).map((option) => (
                <option key={option.value} value={option.value}>
                  {option.label}
                </option>
              ))}
              {value !== undefined && !(field.options ?? []).some((o) => o.value === textOf(value)) && <option value={textOf(value)}>{textOf(value)}</option>}
            </Select>
          ) : field.kind === 'textarea' ? (
            <Textarea value={textOf(value)} disabled={disabled} resize="vertical" onChange={(_, data) => set(field.name, data.value === '' ? undefined : data.value)} />
          ) : (
            <Input
              value={textOf(value)}
              disabled={disabled}
              inputMode={field.kind === 'number' ? 'decimal' : undefined}
              onChange={(_, data) => set(field.name, field.kind === 'number' ? numberFromText(data.value) : data.value === '' ? undefined : data.value)}
            />
          );
        return (
          <Field
            key={field.name}
            label={field.label}
            required={field.required}
            className={field.kind === 'textarea' ? styles.wide : undefined}
            validationState={shown ? 'error' : 'none'}
            validationMessage={shown ?? undefined}
          >
            {control}
          </Field>
        );
      })}
      {EXPRESSION_FIELDS.map((expression) => (
        <Field key={expression.name} label={expression.label} className={styles.wide}>
          <Textarea
            value={expressionOf(check[expression.name])}
            disabled={disabled}
            resize="vertical"
            onChange={(_, data) => set(expression.name, expressionToStored(data.value))}
          />
        </Field>
      ))}
    </div>
  );
}
