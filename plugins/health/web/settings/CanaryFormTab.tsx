import { Body1, Button, Caption1, Field, Input, Select, Subtitle2, makeStyles, tokens } from '@fluentui/react-components';
import { Delete20Regular } from '@fluentui/react-icons';
import { CHECK_TYPE_LABELS } from '@contracts';
import type { Registered } from '@web/core/plugin-host';
import { CheckFields } from './CheckFields';
import { LabelsEditor } from './LabelsEditor';
import { type CanaryModel, REQUIRED_MESSAGE, SCHEDULE_OPTIONS, checkGroups, checkToYaml, removeCheck, replaceCheck } from './canaryDocument';

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
  model: CanaryModel;
  onChange(model: CanaryModel): void;
  checkTypes: readonly Registered<'health.checkTypes'>[];
  existing: boolean;
  readOnly: boolean;
  showRequired: boolean;
}

const typeLabel = (type: string) => CHECK_TYPE_LABELS[type] ?? type;

/** The Form tab: the canary's name, namespace, schedule and labels, then its checks grouped by type. */
export function CanaryFormTab({ model, onChange, checkTypes, existing, readOnly, showRequired }: CanaryFormTabProps) {
  const styles = useStyles();
  const forms = new Map(checkTypes.map((type) => [type.id, type]));
  const schedule = typeof model.spec.schedule === 'string' ? model.spec.schedule : '';
  const scheduleOptions: string[] = [...SCHEDULE_OPTIONS];
  if (schedule && !scheduleOptions.includes(schedule)) scheduleOptions.push(schedule);
  const nameProblem = showRequired && !model.name.trim() ? REQUIRED_MESSAGE : undefined;
  const groups = checkGroups(model.spec);

  return (
    <div className={styles.root}>
      <div className={styles.meta}>
        <Field label="Name" required validationState={nameProblem ? 'error' : 'none'} validationMessage={nameProblem}>
          <Input value={model.name} disabled={existing || readOnly} onChange={(_, d) => onChange({ ...model, name: d.value })} />
        </Field>
        <Field label="Namespace">
          <Input value={model.namespace} disabled={existing || readOnly} onChange={(_, d) => onChange({ ...model, namespace: d.value })} />
        </Field>
        <Field label="Schedule">
          <Select value={schedule} disabled={readOnly} onChange={(_, d) => onChange({ ...model, spec: { ...model.spec, schedule: d.value } })}>
            {!schedule && <option value="">(none)</option>}
            {scheduleOptions.map((option) => (
              <option key={option} value={option}>
                {option}
              </option>
            ))}
          </Select>
        </Field>
      </div>
      <LabelsEditor labels={model.labels} disabled={readOnly} onChange={(labels) => onChange({ ...model, labels })} />
      {!groups.length && <Body1>No checks yet: pick a check type above.</Body1>}
      {groups.map((group) => {
        const form = forms.get(group.type);
        return (
          <section key={group.type} className={styles.group} aria-label={`${typeLabel(group.type)} checks`}>
            <Subtitle2>{typeLabel(group.type)}</Subtitle2>
            {group.checks.map((check, index) => (
              <div key={index} className={styles.check}>
                <div className={styles.checkHeader}>
                  <Caption1>{typeof check.name === 'string' && check.name ? check.name : `${typeLabel(group.type)} check ${index + 1}`}</Caption1>
                  {!readOnly && (
                    <Button
                      appearance="subtle"
                      icon={<Delete20Regular />}
                      aria-label={`Remove ${typeLabel(group.type)} check ${index + 1}`}
                      onClick={() => onChange({ ...model, spec: removeCheck(model.spec, group.type, index) })}
                    />
                  )}
                </div>
                {form?.fields ? (
                  <CheckFields
                    check={check}
                    fields={form.fields}
                    disabled={readOnly}
                    showRequired={showRequired}
                    onChange={(next) => onChange({ ...model, spec: replaceCheck(model.spec, group.type, index, next) })}
                  />
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
