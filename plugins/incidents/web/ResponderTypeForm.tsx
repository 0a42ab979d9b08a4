import { useMemo } from 'react';
import { Field, Input, Textarea, makeStyles, tokens } from '@fluentui/react-components';
import { Controller, useForm } from 'react-hook-form';
import { z } from 'zod';
import { zodResolver } from '@web/core/forms/zodResolver';
import { ResponderOptionsSelect } from './ResponderOptionsSelect';
import { responderFormDefaults } from './responderTemplates';
import { fixedValues, valueOptions } from './responderValueOptions';
import { INVALID_VALUE, type ResponderTypeOption } from './responderTypes';
import type { ResponderClientSpec } from './types';

const useStyles = makeStyles({ form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM } });

export interface ResponderTypeFormProps {
  formId: string;
  type: ResponderTypeOption;
  client: ResponderClientSpec;
  incident: Record<string, unknown>;
  onSubmit(values: Record<string, string>): void;
}

/** The type's form, generated from its field specs: every field required, team defaults pre-filled, fixed values locked. */
export function ResponderTypeForm({ formId, type, client, incident, onSubmit }: ResponderTypeFormProps) {
  const styles = useStyles();
  const fields = useMemo(() => type.fields ?? [], [type.fields]);
  const schema = useMemo(
    () => z.object(Object.fromEntries(fields.map((f) => [f.name, z.string({ message: INVALID_VALUE }).trim().min(1, INVALID_VALUE)]))),
    [fields],
  );
  const defaults = useMemo(() => responderFormDefaults(client, fields.map((f) => f.name), incident), [client, fields, incident]);
  const { control, handleSubmit, watch, formState } = useForm<Record<string, string>>({
    resolver: zodResolver(schema),
    defaultValues: defaults,
  });
  const values = watch();
  const fixed = fixedValues(client.values);

  return (
    <form id={formId} className={styles.form} noValidate onSubmit={handleSubmit((v) => onSubmit({ ...v, ...fixed }))}>
      {fields.map((field) => {
        const locked = field.name in fixed;
        const choices = locked ? undefined : valueOptions(client.values, field.name, values);
        const error = formState.errors[field.name]?.message;
        return (
          <Controller
            key={field.name}
            name={field.name}
            control={control}
            render={({ field: input }) => (
              <Field label={field.label} required validationMessage={error ? String(error) : undefined}>
                {field.kind === 'select' || choices ? (
                  <ResponderOptionsSelect
                    type={type.id}
                    field={field}
                    staticOptions={choices}
                    params={Object.fromEntries(['connection', ...(field.dependsOn ?? [])].map((name) => [name, values[name] ?? '']).filter(([, v]) => v))}
                    value={input.value ?? ''}
                    disabled={locked}
                    onChange={input.onChange}
                  />
                ) : field.kind === 'textarea' ? (
                  <Textarea value={input.value ?? ''} disabled={locked} onChange={(_, d) => input.onChange(d.value)} onBlur={input.onBlur} resize="vertical" />
                ) : (
                  <Input value={input.value ?? ''} disabled={locked} onChange={(_, d) => input.onChange(d.value)} onBlur={input.onBlur} />
                )}
              </Field>
            )}
          />
        );
      })}
    </form>
  );
}
