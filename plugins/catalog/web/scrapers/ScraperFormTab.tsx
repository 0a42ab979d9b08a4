import { Body1, Button, Caption1, Combobox, Field, Input, Option, Subtitle2, makeStyles, tokens } from '@fluentui/react-components';
import { Delete20Regular } from '@fluentui/react-icons';
import { Controller, useFormContext, useWatch } from 'react-hook-form';
import { LabelsEditor } from '@web/core/editor/LabelsEditor';
import { FieldSpecForm } from '@web/core/forms/FieldSpecForm';
import type { TypeExtension } from '@web/core/plugin-host';
import { SCHEDULE_OPTIONS, type ScraperModel, entryToYaml, removeScraper, scraperGroups } from './scraperDocument';

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

export interface ScraperFormTabProps {
  types: readonly TypeExtension[];
  existing: boolean;
  readOnly: boolean;
}

/** The Form tab: name, namespace (fixed once saved), schedule (a spec 03 option or free text), labels, then each scraper entry's fields. */
export function ScraperFormTab({ types, existing, readOnly }: ScraperFormTabProps) {
  const styles = useStyles();
  const { control, getValues, setValue } = useFormContext<ScraperModel>();
  const spec = useWatch({ control, name: 'spec' }) ?? {};
  const groups = scraperGroups(
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
            <Field label="Name" required>
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
          render={({ field }) => {
            const value = typeof field.value === 'string' ? field.value : '';
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
          }}
        />
      </div>
      <Controller name="labels" control={control} render={({ field }) => <LabelsEditor labels={field.value} disabled={readOnly} onChange={field.onChange} />} />
      {!groups.length && <Body1>No scrapers yet: pick a scraper type above.</Body1>}
      {groups.map((group) => {
        const fields = types.find((type) => type.id === group.type)?.fields;
        return (
          <section key={group.type} className={styles.group} aria-label={`${label(group.type)} scrapers`}>
            <Subtitle2>{label(group.type)}</Subtitle2>
            {group.entries.map((entry, index) => (
              <div key={index} className={styles.entry}>
                <div className={styles.entryHeader}>
                  <Caption1>{typeof entry.name === 'string' && entry.name ? entry.name : `${label(group.type)} scraper ${index + 1}`}</Caption1>
                  {!readOnly && (
                    <Button
                      appearance="subtle"
                      icon={<Delete20Regular />}
                      aria-label={`Remove ${label(group.type)} scraper ${index + 1}`}
                      onClick={() => setValue('spec', removeScraper(getValues('spec'), group.type, index))}
                    />
                  )}
                </div>
                {fields?.length ? (
                  <FieldSpecForm name={`spec.${group.type}.${index}`} fields={fields} values="spec" layout="grid" disabled={readOnly} />
                ) : (
                  <>
                    <Body1>Edit this scraper in the Code tab</Body1>
                    <pre className={styles.yaml}>{entryToYaml(entry)}</pre>
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
