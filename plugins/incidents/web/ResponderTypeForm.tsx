import { useMemo } from 'react';
import { makeStyles, tokens } from '@fluentui/react-components';
import { FormProvider, useForm, useWatch } from 'react-hook-form';
import { z } from 'zod';
import { FieldSpecForm, type FieldAdjustment } from '@web/core/forms/FieldSpecForm';
import { zodResolver } from '@web/core/forms/zodResolver';
import type { FieldSpec } from '@web/core/plugin-host';
import { responderOptions } from './incidentsApi';
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

/** Lookups pass the responder's connection besides the fields an option list depends on. */
const LOOKUP_WITH = ['connection'];

/**
 * The type's form, generated from its field specs by the one field-spec form: every field required, team defaults
 * pre-filled, fixed values locked, choices from the team's spec (a field with choices is a select) or looked up from
 * the peer through the gateway.
 */
export function ResponderTypeForm({ formId, type, client, incident, onSubmit }: ResponderTypeFormProps) {
  const styles = useStyles();
  const fields = useMemo(() => type.fields ?? [], [type.fields]);
  const schema = useMemo(
    () => z.object(Object.fromEntries(fields.map((f) => [f.name, z.string({ message: INVALID_VALUE }).trim().min(1, INVALID_VALUE)]))),
    [fields],
  );
  const defaults = useMemo(
    () =>
      responderFormDefaults(
        client,
        fields.map((f) => f.name),
        incident,
      ),
    [client, fields, incident],
  );
  const form = useForm<Record<string, string>>({ resolver: zodResolver(schema), defaultValues: defaults });
  const values = (useWatch({ control: form.control }) ?? {}) as Record<string, string>;
  const fixed = fixedValues(client.values);
  const choicesOf = (field: FieldSpec) => (field.name in fixed ? undefined : valueOptions(client.values, field.name, values));
  const shown = fields.map((field) => (field.kind !== 'select' && choicesOf(field) ? { ...field, kind: 'select' as const } : field));
  const adjust = (field: FieldSpec): FieldAdjustment => ({ required: true, locked: field.name in fixed, options: choicesOf(field) });

  return (
    <FormProvider {...form}>
      <form id={formId} className={styles.form} noValidate onSubmit={form.handleSubmit((v) => onSubmit({ ...v, ...fixed }))}>
        <FieldSpecForm
          fields={shown}
          adjust={adjust}
          loadOptions={(field, params) => responderOptions(type.id, field.optionsKey!, params)}
          lookupWith={LOOKUP_WITH}
        />
      </form>
    </FormProvider>
  );
}
