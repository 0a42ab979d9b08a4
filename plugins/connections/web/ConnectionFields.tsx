import { Field, Input, Textarea } from '@fluentui/react-components';
import { FieldSpecForm, type FieldAdjustment, type FieldControlProps } from '@web/core/forms/FieldSpecForm';
import { textOf } from '@web/core/forms/fieldValues';
import type { FieldSpec } from '@web/core/plugin-host';
import { SECRET_SET_PLACEHOLDER } from './connectionForm';
import type { Connection } from './connectionsApi';

export interface ConnectionFieldsProps {
  fields: readonly FieldSpec[];
  existing: Connection | null;
  disabled: boolean;
}

/** Secrets are write-only: empty unless typed anew; a certificate is pasted as PEM text. */
function ConnectionSecret({ field, value, onChange, onBlur, disabled, required, error, placeholder }: FieldControlProps) {
  const control =
    field.name === 'certificate' ? (
      <Textarea
        value={textOf(value)}
        disabled={disabled}
        resize="vertical"
        placeholder={placeholder}
        onChange={(_, data) => onChange(data.value)}
        onBlur={onBlur}
      />
    ) : (
      <Input
        value={textOf(value)}
        disabled={disabled}
        type="password"
        autoComplete="new-password"
        placeholder={placeholder}
        onChange={(_, data) => onChange(data.value)}
        onBlur={onBlur}
      />
    );
  return (
    <Field label={field.label} required={required} validationState={error ? 'error' : 'none'} validationMessage={error}>
      {control}
    </Field>
  );
}

/**
 * The type-specific part of the connection form, rendered from the type's field specs by the one field-spec form
 * (inside the dialog's react-hook-form). A stored secret is not asked again: the field says it is set.
 */
export function ConnectionFields({ fields, existing, disabled }: ConnectionFieldsProps) {
  const adjust = (field: FieldSpec): FieldAdjustment => {
    const secretSet = (field.name === 'password' && existing?.password_set) || (field.name === 'certificate' && existing?.certificate_set);
    // Selects start on their first option (the dialog sets it), so they offer no empty choice.
    return { autoComplete: 'off', blankOption: null, ...(secretSet ? { required: false, placeholder: SECRET_SET_PLACEHOLDER } : {}) };
  };
  return <FieldSpecForm fields={fields} disabled={disabled} adjust={adjust} controls={{ secret: ConnectionSecret }} />;
}
