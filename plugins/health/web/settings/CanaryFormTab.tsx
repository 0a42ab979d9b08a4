import { Body1, Button, Caption1, Field, Input, Select, Subtitle2, makeStyles, tokens } from '@fluentui/react-components';
import { Delete20Regular } from '@fluentui/react-icons';
import { Controller, useFormContext, useWatch } from 'react-hook-form';
import { useShownError } from '@web/core/forms/FieldSpecForm';
import { type CheckType, checkTypeLabel } from '../checkTypes';
import { CheckFields } from './CheckFields';
import { LabelsEditor } from '@web/core/editor/LabelsEditor';
import { type CanaryModel, SCHEDULE_OPTIONS, checkGroups, checkToYaml, removeCheck } from './canaryDocument';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL },
  meta: { display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(240px, 1fr))', gap: tokens.spacingHorizontalM },
  group: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  check: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalS,
    padding: tokens.spacingHorizontalM,
    border: `1px solid ${tokens.colorNeutralStroke2}`,
    borderRadius: tokens.borderRadiusMedium,
  },
  checkHeader: { display: 'flex', alignItems: 'center', justifyContent: 'space-between' },
  yaml: { margin: 0, padding: tokens.spacingHorizontalS, background: tokens.colorNeutralBackground3, overflow: 'auto', fontSize: tokens.fontSizeBase200 },
});

export interface CanaryFormTabProps {
  /** The registered check types (their labels and fields). */
  types: readonly CheckType[];
  existing: boolean;
  readOnly: boolean;
}

/** The Form tab: the canary's name, namespace, schedule and labels, then its checks grouped by type (in the editor's form). */
export function CanaryFormTab({ types, existing, readOnly }: CanaryFormTabProps) {
  const styles = useStyles();
  const { control, getValues, setValue } = useFormContext<CanaryModel>();
  const spec = useWatch({ control, name: 'spec' }) ?? {};
  const schedule = typeof spec.schedule === 'string' ? spec.schedule : '';
  const scheduleOptions: string[] = [...SCHEDULE_OPTIONS];
  if (schedule && !scheduleOptions.includes(schedule)) scheduleOptions.push(schedule);
  const nameProblem = useShownError('name');
  const groups = checkGroups(
    spec,
    types.map((type) => type.id),
  );
  const label = (type: string) => checkTypeLabel(types, type);

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
        <Controller
          name="spec.schedule"
          control={control}
          render={({ field }) => (
            <Field label="Schedule">
              <Select ref={field.ref} value={schedule} disabled={readOnly} onChange={(_, d) => field.onChange(d.value)} onBlur={field.onBlur}>
                {!schedule && <option value="">(none)</option>}
                {scheduleOptions.map((option) => (
                  <option key={option} value={option}>
                    {option}
                  </option>
                ))}
              </Select>
            </Field>
          )}
        />
      </div>
      <Controller name="labels" control={control} render={({ field }) => <LabelsEditor labels={field.value} disabled={readOnly} onChange={field.onChange} />} />
      {!groups.length && <Body1>No checks yet: pick a check type above.</Body1>}
      {groups.map((group) => {
        const fields = types.find((type) => type.id === group.type)?.fields;
        return (
          <section key={group.type} className={styles.group} aria-label={`${label(group.type)} checks`}>
            <Subtitle2>{label(group.type)}</Subtitle2>
            {group.checks.map((check, index) => (
              <div key={index} className={styles.check}>
                <div className={styles.checkHeader}>
                  <Caption1>{typeof check.name === 'string' && check.name ? check.name : `${label(group.type)} check ${index + 1}`}</Caption1>
                  {!readOnly && (
                    <Button
                      appearance="subtle"
                      icon={<Delete20Regular />}
                      aria-label={`Remove ${label(group.type)} check ${index + 1}`}
                      onClick={() => setValue('spec', removeCheck(getValues('spec'), group.type, index), { shouldValidate: true })}
                    />
                  )}
                </div>
                {fields ? (
                  <CheckFields name={`spec.${group.type}.${index}`} fields={fields} disabled={readOnly} />
                ) : (
                  <>
                    <Body1>Edit this check in the Code tab</Body1>
                    <pre className={styles.yaml}>{checkToYaml(check)}</pre>
                  </>
                )}
              </div>
            ))}
          </section>
        );
      })}
    </div>
  );
}
