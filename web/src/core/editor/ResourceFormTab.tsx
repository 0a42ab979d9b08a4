import type { ReactNode } from 'react';
import { Body1, Button, Caption1, Combobox, Field, Input, Option, Select, Subtitle2, makeStyles, tokens } from '@fluentui/react-components';
import { Delete20Regular } from '@fluentui/react-icons';
import { Controller, useFormContext, useWatch } from 'react-hook-form';
import { useShownError } from '@web/core/forms/FieldSpecForm';
import type { TypeExtension } from '@web/core/plugin-host';
import { LabelsEditor } from './LabelsEditor';
import { type ResourceModel, SCHEDULE_OPTIONS, removeSpecEntry, specEntryGroups, specEntryToYaml } from './resourceDocument';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL },
  meta: { display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(240px, 1fr))', gap: tokens.spacingHorizontalM },
  group: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  entry: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalS,
    padding: tokens.spacingHorizontalM,
    border: `1px solid ${tokens.colorNeutralStroke2}`,
    borderRadius: tokens.borderRadiusMedium,
  },
  entryHeader: { display: 'flex', alignItems: 'center', justifyContent: 'space-between' },
  yaml: { margin: 0, padding: tokens.spacingHorizontalS, background: tokens.colorNeutralBackground3, overflow: 'auto', fontSize: tokens.fontSizeBase200 },
});

export interface ResourceFormTabProps {
  /** The registered types (their labels and fields). */
  types: readonly TypeExtension[];
  existing: boolean;
  readOnly: boolean;
  /** The form checks itself as typed: removing an entry validates again. */
  validates: boolean;
  /** What an entry is called: `check` ('HTTP check 1', 'No checks yet'), `scraper`. */
  entry: string;
  /** `select`: the spec 03 list (plus the stored value); `freeform`: the list or any text. */
  schedule: 'select' | 'freeform';
  /** The form of one entry of a type (`spec.http.0`), or null: the entry is edited in the Code tab. */
  entryForm(type: TypeExtension | undefined, name: string): ReactNode | null;
}

function ScheduleField({ kind, readOnly }: { kind: ResourceFormTabProps['schedule']; readOnly: boolean }) {
  const { control } = useFormContext<ResourceModel>();
  return (
    <Controller
      name="spec.schedule"
      control={control}
      render={({ field }) => {
        const value = typeof field.value === 'string' ? field.value : '';
        if (kind === 'freeform')
          return (
            <Field label="Schedule">
              <Combobox
                freeform
                disabled={readOnly}
                value={value}
                selectedOptions={[value]}
                onOptionSelect={(_, d) => d.optionValue && field.onChange(d.optionValue)}
                onChange={(event) => field.onChange(event.target.value)}
                onBlur={field.onBlur}
              >
                {SCHEDULE_OPTIONS.map((option) => (
                  <Option key={option}>{option}</Option>
                ))}
              </Combobox>
            </Field>
          );
        const options: string[] = [...SCHEDULE_OPTIONS];
        if (value && !options.includes(value)) options.push(value);
        return (
          <Field label="Schedule">
            <Select ref={field.ref} value={value} disabled={readOnly} onChange={(_, d) => field.onChange(d.value)} onBlur={field.onBlur}>
              {!value && <option value="">(none)</option>}
              {options.map((option) => (
                <option key={option} value={option}>
                  {option}
                </option>
              ))}
            </Select>
          </Field>
        );
      }}
    />
  );
}

/** The Form tab of a resource spec editor: name, namespace (fixed once saved), schedule and labels, then its entries grouped by type. */
export function ResourceFormTab({ types, existing, readOnly, validates, entry, schedule, entryForm }: ResourceFormTabProps) {
  const styles = useStyles();
  const { control, getValues, setValue } = useFormContext<ResourceModel>();
  const spec = useWatch({ control, name: 'spec' }) ?? {};
  const nameProblem = useShownError('name');
  const groups = specEntryGroups(
    spec,
    types.map((type) => type.id),
  );
  const label = (type: string) => types.find((t) => t.id === type)?.label ?? type;

  return (
    <div className={styles.root}>
      <div className={styles.meta}>
        <Controller
          name="name"
          control={control}
          render={({ field }) => (
            <Field label="Name" required validationState={nameProblem ? 'error' : 'none'} validationMessage={nameProblem}>
              <Input ref={field.ref} value={field.value} disabled={existing || readOnly} onChange={(_, d) => field.onChange(d.value)} onBlur={field.onBlur} />
            </Field>
          )}
        />
        <Controller
          name="namespace"
          control={control}
          render={({ field }) => (
            <Field label="Namespace">
              <Input ref={field.ref} value={field.value} disabled={existing || readOnly} onChange={(_, d) => field.onChange(d.value)} onBlur={field.onBlur} />
            </Field>
          )}
        />
        <ScheduleField kind={schedule} readOnly={readOnly} />
      </div>
      <Controller name="labels" control={control} render={({ field }) => <LabelsEditor labels={field.value} disabled={readOnly} onChange={field.onChange} />} />
      {!groups.length && <Body1>{`No ${entry}s yet: pick a ${entry} type above.`}</Body1>}
      {groups.map((group) => {
        const type = types.find((t) => t.id === group.type);
        return (
          <section key={group.type} className={styles.group} aria-label={`${label(group.type)} ${entry}s`}>
            <Subtitle2>{label(group.type)}</Subtitle2>
            {group.entries.map((value, index) => {
              const form = entryForm(type, `spec.${group.type}.${index}`);
              return (
                <div key={index} className={styles.entry}>
                  <div className={styles.entryHeader}>
                    <Caption1>
                      {/* A name that is a JSONPath (a scraper's `$.name`) names the items, not this entry. */}
                      {typeof value.name === 'string' && value.name && !value.name.startsWith('$') ? value.name : `${label(group.type)} ${entry} ${index + 1}`}
                    </Caption1>
                    {!readOnly && (
                      <Button
                        appearance="subtle"
                        icon={<Delete20Regular />}
                        aria-label={`Remove ${label(group.type)} ${entry} ${index + 1}`}
                        onClick={() => setValue('spec', removeSpecEntry(getValues('spec'), group.type, index), { shouldValidate: validates })}
                      />
                    )}
                  </div>
                  {form ?? (
                    <>
                      <Body1>{`Edit this ${entry} in the Code tab`}</Body1>
                      <pre className={styles.yaml}>{specEntryToYaml(value)}</pre>
                    </>
                  )}
                </div>
              );
            })}
          </section>
        );
      })}
    </div>
  );
}
