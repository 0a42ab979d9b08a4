import { Field, Select, Textarea, makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import { useController, useWatch } from 'react-hook-form';
import { CHECK_EXPRESSION_CHOICES, type CheckExpressionLanguage } from '@contracts';
import { FieldSpecForm, type FieldAdjustment, type FieldControlProps } from '@web/core/forms/FieldSpecForm';
import type { FieldSpec } from '@web/core/plugin-host';
import { SecretField } from './SecretField';
import { EXPRESSION_FIELDS, expressionOf, expressionToStored } from './canaryDocument';

const useStyles = makeStyles({
  wide: { gridColumn: '1 / -1' },
  expression: { display: 'grid', gridTemplateColumns: 'minmax(140px, 180px) 1fr', gap: tokens.spacingHorizontalS, alignItems: 'start' },
});

export interface CheckFieldsProps {
  /** The check's path in the canary form, e.g. `spec.http.0`. */
  name: string;
  fields: readonly FieldSpec[];
  disabled?: boolean;
}

/** Secret-or-value fields: a static value or a reference to a stored connection's field (spec 03). */
function CheckSecret({ field, value, onChange, disabled, required, error }: FieldControlProps) {
  return <SecretField label={field.label} required={required} value={value} disabled={disabled} error={error ?? null} onChange={onChange} />;
}

const adjust = (field: FieldSpec): FieldAdjustment | undefined => (field.kind === 'choices' ? { whenEmpty: 'None chosen: any 2xx passes' } : undefined);

/** One check rendered from its type's field specs (`health.checkTypes`), plus the expressions every check has. */
export function CheckFields({ name, fields, disabled }: CheckFieldsProps) {
  return (
    <FieldSpecForm name={name} fields={fields} values="spec" layout="grid" disabled={disabled} adjust={adjust} controls={{ secret: CheckSecret }}>
      {EXPRESSION_FIELDS.map((expression) => (
        <ExpressionField key={expression.name} name={`${name}.${expression.name}`} label={expression.label} disabled={disabled} />
      ))}
    </FieldSpecForm>
  );
}

/** A test/display/transform expression: its language (None, Go Template, Javascript, Expr, JSONPath), then its text. */
function ExpressionField({ name, label, disabled }: { name: string; label: string; disabled?: boolean }) {
  const styles = useStyles();
  const { field } = useController({ name });
  // Read through useWatch: useController falls back to the value it mounted with once a value is cleared (None).
  const state = expressionOf(useWatch({ name }));
  return (
    <div className={mergeClasses(styles.wide, styles.expression)}>
      <Field label={`${label} expression`}>
        <Select
          value={state.language ?? ''}
          disabled={disabled}
          // Switching the language clears the previous text: one expression per field (spec 03).
          onChange={(_, data) => field.onChange(expressionToStored({ language: (data.value || null) as CheckExpressionLanguage | null, text: '' }))}
        >
          {CHECK_EXPRESSION_CHOICES.map((choice) => (
            <option key={choice.label} value={choice.language ?? ''}>
              {choice.label}
            </option>
          ))}
        </Select>
      </Field>
      {state.language && (
        <Field label={`${label} (${CHECK_EXPRESSION_CHOICES.find((c) => c.language === state.language)?.label})`}>
          <Textarea
            value={state.text}
            disabled={disabled}
            resize="vertical"
            onChange={(_, data) => field.onChange(expressionToStored({ language: state.language, text: data.value }))}
          />
        </Field>
      )}
    </div>
  );
}
