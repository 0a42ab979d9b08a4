import { Checkbox, Field, Input, Select, Textarea } from '@fluentui/react-components';
import type { FieldErrors, UseFormRegister } from 'react-hook-form';
import type { FieldSpec } from '@web/core/plugin-host';
import { SECRET_SET_PLACEHOLDER, type ConnectionFormValues } from './connectionForm';
import type { Connection } from './connectionsApi';

export interface ConnectionFieldsProps {
  fields: readonly FieldSpec[];
  register: UseFormRegister<ConnectionFormValues>;
  errors: FieldErrors<ConnectionFormValues>;
  existing: Connection | null;
  disabled: boolean;
}

function errorOf(errors: FieldErrors<ConnectionFormValues>, name: string): string | undefined {
  if (name.startsWith('properties.')) return (errors.properties as Record<string, { message?: string }> | undefined)?.[name.slice(11)]?.message;
  return (errors as Record<string, { message?: string } | undefined>)[name]?.message;
}

/** The type-specific part of the connection form, rendered from the type's field specs. Secrets are write-only. */
export function ConnectionFields({ fields, register, errors, existing, disabled }: ConnectionFieldsProps) {
  return (
    <>
      {fields.map((field) => {
        const name = field.name as 'url';
        const message = errorOf(errors, field.name);
        const secretSet = (field.name === 'password' && existing?.password_set) || (field.name === 'certificate' && existing?.certificate_set);
        if (field.kind === 'boolean') {
          return <Checkbox key={field.name} label={field.label} disabled={disabled} {...register('insecure_tls')} />;
        }
        return (
          <Field key={field.name} label={field.label} required={field.required && !secretSet} validationState={message ? 'error' : 'none'} validationMessage={message}>
            {field.kind === 'select' ? (
              <Select {...register(name)} disabled={disabled}>
                {(field.options ?? []).map((o) => (
                  <option key={o.value} value={o.value}>
                    {o.label}
                  </option>
                ))}
              </Select>
            ) : field.kind === 'textarea' || field.name === 'certificate' ? (
              <Textarea {...register(name)} disabled={disabled} resize="vertical" placeholder={secretSet ? SECRET_SET_PLACEHOLDER : undefined} />
            ) : (
              <Input
                {...register(name)}
                disabled={disabled}
                type={field.kind === 'secret' ? 'password' : field.kind === 'number' ? 'number' : 'text'}
                autoComplete={field.kind === 'secret' ? 'new-password' : 'off'}
                placeholder={secretSet ? SECRET_SET_PLACEHOLDER : undefined}
              />
            )}
          </Field>
        );
      })}
    </>
  );
}
