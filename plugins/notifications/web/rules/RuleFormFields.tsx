import { Dropdown, Field, Input, Option, Select, Textarea, makeStyles, tokens } from '@fluentui/react-components';
import { type Control, Controller, type FieldErrors, useWatch } from 'react-hook-form';
import { NOTIFICATION_EVENTS, REPEAT_INTERVAL_OPTIONS } from '@contracts';
import { DurationField } from '../shared/DurationField';
import { FilterField } from './FilterField';
import { RecipientsSection } from './RecipientsSection';
import { TemplatePreviewPane } from './TemplatePreviewPane';
import type { RuleForm } from './ruleForm';
import type { ChannelChoice } from './useChannels';

const useStyles = makeStyles({
  columns: {
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fit, minmax(320px, 1fr))',
    gap: tokens.spacingHorizontalL,
    alignItems: 'start',
  },
  stack: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  code: { fontFamily: tokens.fontFamilyMonospace },
});

export interface RuleFormFieldsProps {
  control: Control<RuleForm>;
  errors: FieldErrors<RuleForm>;
  channels: readonly ChannelChoice[];
  /** Filter checks and previews need write on notifications: off for readers. */
  live: boolean;
}

/** The fields of the rule form (spec 03 Notifications): Name, Title, Events, Filter, Repeat Interval, Wait For, Template, Properties, recipients. */
export function RuleFormFields({ control, errors, channels, live }: RuleFormFieldsProps) {
  const styles = useStyles();
  const [events, title, template] = useWatch({ control, name: ['events', 'title', 'template'] });
  return (
    <div className={styles.stack}>
      <div className={styles.columns}>
        <Controller
          control={control}
          name="name"
          render={({ field }) => (
            <Field label="Name" required validationState={errors.name ? 'error' : 'none'} validationMessage={errors.name?.message}>
              <Input {...field} />
            </Field>
          )}
        />
        <Controller
          control={control}
          name="title"
          render={({ field }) => (
            <Field
              label="Title"
              hint="Go template; empty: the event's default"
              validationState={errors.title ? 'error' : 'none'}
              validationMessage={errors.title?.message}
            >
              <Input {...field} placeholder="e.g. {{.check.name}} is {{.check.status}}" />
            </Field>
          )}
        />
      </div>
      <Controller
        control={control}
        name="events"
        render={({ field }) => (
          <Field label="Events" required validationState={errors.events ? 'error' : 'none'} validationMessage={errors.events?.message}>
            <Dropdown
              multiselect
              placeholder="Select events"
              value={field.value.join(', ')}
              selectedOptions={field.value}
              onOptionSelect={(_, data) => field.onChange(data.selectedOptions)}
              onBlur={field.onBlur}
            >
              {NOTIFICATION_EVENTS.map((event) => (
                <Option key={event} value={event}>
                  {event}
                </Option>
              ))}
            </Dropdown>
          </Field>
        )}
      />
      <Controller
        control={control}
        name="filter"
        render={({ field, fieldState }) =>
          live ? (
            <FilterField value={field.value} onChange={field.onChange} onBlur={field.onBlur} events={events} error={fieldState.error?.message} />
          ) : (
            <Field label="Filter">
              <Textarea {...field} textarea={{ className: styles.code }} readOnly />
            </Field>
          )
        }
      />
      <div className={styles.columns}>
        <Controller
          control={control}
          name="repeat_interval"
          render={({ field }) => (
            <Field
              label="Repeat Interval"
              hint="At most one message per resource within it"
              validationState={errors.repeat_interval ? 'error' : 'none'}
              validationMessage={errors.repeat_interval?.message}
            >
              <Select value={field.value} onChange={(_, data) => field.onChange(data.value)} onBlur={field.onBlur}>
                <option value="">None</option>
                {field.value && !(REPEAT_INTERVAL_OPTIONS as readonly string[]).includes(field.value) && <option value={field.value}>{field.value}</option>}
                {REPEAT_INTERVAL_OPTIONS.map((option) => (
                  <option key={option} value={option}>
                    {option}
                  </option>
                ))}
              </Select>
            </Field>
          )}
        />
        <Controller
          control={control}
          name="wait_for"
          render={({ field }) => (
            <DurationField
              label="Wait For"
              hint="Hold the message, then send it only if the resource has not recovered"
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              error={errors.wait_for?.message}
            />
          )}
        />
      </div>
      <div className={styles.columns}>
        <Controller
          control={control}
          name="template"
          render={({ field }) => (
            <Field
              label="Template"
              hint="Markdown with Go template fields, e.g. {{.check.name}}; empty: the event's default"
              validationState={errors.template ? 'error' : 'none'}
              validationMessage={errors.template?.message}
            >
              <Textarea {...field} textarea={{ className: styles.code, spellCheck: false }} resize="vertical" rows={10} />
            </Field>
          )}
        />
        {live && <TemplatePreviewPane event={events[0]} title={title} template={template} />}
      </div>
      <Controller
        control={control}
        name="properties"
        render={({ field }) => (
          <Field label="Properties (json)" validationState={errors.properties ? 'error' : 'none'} validationMessage={errors.properties?.message}>
            <Textarea {...field} textarea={{ className: styles.code, spellCheck: false }} resize="vertical" rows={3} placeholder='{"key": "value"}' />
          </Field>
        )}
      />
      <RecipientsSection control={control} errors={errors} channels={channels} />
    </div>
  );
}
