import { Button, Field, Input, Radio, RadioGroup, Select, Textarea, makeStyles, tokens } from '@fluentui/react-components';
import { Delete20Regular } from '@fluentui/react-icons';
import { type Control, Controller, type FieldErrors, useWatch } from 'react-hook-form';
import useSWR from 'swr';
import type { ConnectionView } from '@contracts';
import type { ChannelChoice } from './useChannels';
import type { RuleForm } from './ruleForm';
import { CONNECTIONS_API, getJson } from './rulesApi';

const useStyles = makeStyles({
  root: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalS,
    padding: tokens.spacingHorizontalM,
    border: `1px solid ${tokens.colorNeutralStroke2}`,
    borderRadius: tokens.borderRadiusMedium,
  },
  row: { display: 'flex', gap: tokens.spacingHorizontalM, alignItems: 'flex-start', '> *': { flexGrow: 1, flexBasis: 0 } },
  header: { display: 'flex', justifyContent: 'flex-end' },
  code: { fontFamily: tokens.fontFamilyMonospace },
});

/** How a rule names a stored connection. */
export const connectionRef = (connection: Pick<ConnectionView, 'namespace' | 'name'>) => `connection://${connection.namespace}/${connection.name}`;

export interface CustomServiceFieldsProps {
  index: number;
  control: Control<RuleForm>;
  errors: FieldErrors<RuleForm>;
  channels: readonly ChannelChoice[];
  onRemove(): void;
}

/** One "Others" recipient: a name, its channel, a channel URL or a connection of the channel's types, properties. */
export function CustomServiceFields({ index, control, errors, channels, onRemove }: CustomServiceFieldsProps) {
  const styles = useStyles();
  const service = useWatch({ control, name: `custom_services.${index}` });
  const channel = channels.find((choice) => choice.id === service.channel);
  const problems = errors.custom_services?.[index];
  const label = `Recipient ${index + 1}`;
  return (
    <fieldset className={styles.root} aria-label={label}>
      <div className={styles.row}>
        <Controller
          control={control}
          name={`custom_services.${index}.name`}
          render={({ field }) => (
            <Field label="Name" required validationState={problems?.name ? 'error' : 'none'} validationMessage={problems?.name?.message}>
              <Input {...field} placeholder="e.g. on-call channel" />
            </Field>
          )}
        />
        <Controller
          control={control}
          name={`custom_services.${index}.channel`}
          render={({ field }) => (
            <Field label="Channel">
              <Select value={field.value} onChange={(_, data) => field.onChange(data.value)} onBlur={field.onBlur}>
                <option value="">Any (from the URL)</option>
                {channels.map((choice) => (
                  <option key={choice.id} value={choice.id}>
                    {choice.label}
                  </option>
                ))}
              </Select>
            </Field>
          )}
        />
      </div>
      <Controller
        control={control}
        name={`custom_services.${index}.mode`}
        render={({ field }) => (
          <RadioGroup layout="horizontal" aria-label={`${label} target`} value={field.value} onChange={(_, data) => field.onChange(data.value)}>
            <Radio value="url" label="URL" />
            <Radio value="connection" label="Connection" />
          </RadioGroup>
        )}
      />
      {service.mode === 'url' ? (
        <Controller
          control={control}
          name={`custom_services.${index}.url`}
          render={({ field }) => (
            <Field
              label="URL"
              required
              hint={
                channel?.urlExample
                  ? `e.g. ${channel.urlExample}`
                  : 'A channel URL such as slack://token@channel, ntfy://host/topic or generic+https://host/path'
              }
              validationState={problems?.url ? 'error' : 'none'}
              validationMessage={problems?.url?.message}
            >
              <Input {...field} className={styles.code} placeholder={channel?.urlExample} autoComplete="off" />
            </Field>
          )}
        />
      ) : (
        <Controller
          control={control}
          name={`custom_services.${index}.connection`}
          render={({ field }) => (
            <ConnectionPicker
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              types={channel?.connectionTypes}
              error={problems?.connection?.message}
            />
          )}
        />
      )}
      <Controller
        control={control}
        name={`custom_services.${index}.properties`}
        render={({ field }) => (
          <Field
            label="Properties (json)"
            hint="The channel's own settings, e.g. a Slack channel or a priority"
            validationState={problems?.properties ? 'error' : 'none'}
            validationMessage={problems?.properties?.message}
          >
            <Textarea {...field} textarea={{ className: styles.code, spellCheck: false }} resize="vertical" rows={2} placeholder='{"priority": "P1"}' />
          </Field>
        )}
      />
      <div className={styles.header}>
        <Button appearance="subtle" icon={<Delete20Regular />} onClick={onRemove} aria-label={`Remove ${label}`}>
          Remove
        </Button>
      </div>
    </fieldset>
  );
}

interface ConnectionPickerProps {
  value: string;
  onChange(value: string): void;
  onBlur(): void;
  /** The channel's connection types; every connection when no channel is chosen. */
  types: readonly string[] | undefined;
  error?: string;
}

/**
 * Connections of the channel's types, stored as `connection://namespace/name`. Listing connections needs read on
 * connections; without it (or while the list fails) the reference is typed instead.
 */
function ConnectionPicker({ value, onChange, onBlur, types, error }: ConnectionPickerProps) {
  const { data, error: listError, isLoading } = useSWR<ConnectionView[]>(CONNECTIONS_API, getJson, { revalidateOnFocus: false, shouldRetryOnError: false });
  const common = { label: 'Connection', required: true, validationState: error ? ('error' as const) : ('none' as const), validationMessage: error };
  if (listError) {
    return (
      <Field {...common} hint="connection://namespace/name">
        <Input value={value} onChange={(_, d) => onChange(d.value)} onBlur={onBlur} placeholder="connection://default/slack-alerts" />
      </Field>
    );
  }
  const offered = (data ?? []).filter((connection) => !types?.length || types.includes(connection.type));
  return (
    <Field {...common}>
      <Select value={value} onChange={(_, d) => onChange(d.value)} onBlur={onBlur}>
        <option value="">{isLoading ? 'Loading...' : offered.length ? 'Select a connection' : 'No connection of this channel'}</option>
        {value && !offered.some((connection) => connectionRef(connection) === value) && <option value={value}>{value}</option>}
        {offered.map((connection) => (
          <option key={connection.id} value={connectionRef(connection)}>
            {connection.namespace}/{connection.name} ({connection.type})
          </option>
        ))}
      </Select>
    </Field>
  );
}
