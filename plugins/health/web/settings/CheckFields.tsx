import { Caption1, Checkbox, Field, Input, Label, Select, Textarea, makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import { CHECK_EXPRESSION_CHOICES, type CheckExpressionLanguage } from '@contracts';
import type { FieldSpec } from '@web/core/plugin-host';
import { SecretField } from './SecretField';
import {
  AUTHENTICATION_CHOICES,
  type AuthenticationChoice,
  authenticationOf,
  EXPRESSION_FIELDS,
  withAuthentication,
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
  choices: { display: 'flex', flexWrap: 'wrap', columnGap: tokens.spacingHorizontalM },
  expression: { display: 'grid', gridTemplateColumns: 'minmax(140px, 180px) 1fr', gap: tokens.spacingHorizontalS, alignItems: 'start' },
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
        if (field.kind === 'authentication') {
          const choice = authenticationOf(check);
          return (
            <div key={field.name} className={styles.wide}>
              <div className={styles.grid}>
                <Field label={field.label}>
                  <Select value={choice} disabled={disabled} onChange={(_, data) => onChange(withAuthentication(check, data.value as AuthenticationChoice))}>
                    {AUTHENTICATION_CHOICES.map((c) => (
                      <option key={c} value={c}>
                        {c}
                      </option>
                    ))}
                  </Select>
                </Field>
                {choice !== 'None' && (
                  <>
                    <Field label={choice === 'Basic' ? 'Username' : 'Username (DOMAIN\\user)'} required>
                      <Input value={textOf(check.username)} disabled={disabled} onChange={(_, data) => set('username', data.value)} />
                    </Field>
                    <SecretField label="Password" value={check.password} disabled={disabled} error={null} onChange={(stored) => set('password', stored)} />
                  </>
                )}
              </div>
            </div>
          );
        }
        if (field.kind === 'choices') {
          const chosen = Array.isArray(value) ? (value as unknown[]).map(String) : [];
          const numeric = (field.options ?? []).every((o) => /^\d+$/.test(o.value));
          const toggle = (option: string, on: boolean) => {
            const next = (field.options ?? []).map((o) => o.value).filter((v) => (v === option ? on : chosen.includes(v)));
            set(field.name, next.length ? next.map((v) => (numeric ? Number(v) : v)) : undefined);
          };
          // Not inside a Field: each checkbox is named by its own label, the group by the field's.
          return (
            <div key={field.name} className={styles.wide} role="group" aria-label={field.label}>
              <Label>{field.label}</Label>
              <div className={styles.choices}>
                {(field.options ?? []).map((option) => (
                  <Checkbox key={option.value} label={option.label} checked={chosen.includes(option.value)} disabled={disabled} onChange={(_, data) => toggle(option.value, data.checked === true)} />
                ))}
              </div>
              {chosen.length === 0 && <Caption1>None chosen: any 2xx passes</Caption1>}
            </div>
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
      {EXPRESSION_FIELDS.map((expression) => {
        const state = expressionOf(check[expression.name]);
        return (
          <div key={expression.name} className={mergeClasses(styles.wide, styles.expression)}>
            <Field label={`${expression.label} expression`}>
              <Select
                value={state.language ?? ''}
                disabled={disabled}
                // Switching the language clears the previous text: one expression per field (spec 03).
                onChange={(_, data) => set(expression.name, expressionToStored({ language: (data.value || null) as CheckExpressionLanguage | null, text: '' }))}
              >
                {CHECK_EXPRESSION_CHOICES.map((choice) => (
                  <option key={choice.label} value={choice.language ?? ''}>
                    {choice.label}
                  </option>
                ))}
              </Select>
            </Field>
            {state.language && (
              <Field label={`${expression.label} (${CHECK_EXPRESSION_CHOICES.find((c) => c.language === state.language)?.label})`}>
                <Textarea value={state.text} disabled={disabled} resize="vertical" onChange={(_, data) => set(expression.name, expressionToStored({ language: state.language, text: data.value }))} />
              </Field>
            )}
          </div>
        );
      })}
    </div>
  );
}
