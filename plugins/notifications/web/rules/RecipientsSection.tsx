import { Button, Field, Radio, RadioGroup, Select, Subtitle2, makeStyles, tokens } from '@fluentui/react-components';
import { Add20Regular } from '@fluentui/react-icons';
import { type Control, Controller, type FieldErrors, useFieldArray, useWatch } from 'react-hook-form';
import useSWR from 'swr';
import { CustomServiceFields } from './CustomServiceFields';
import { RECIPIENT_KINDS, type RuleForm, emptyService } from './ruleForm';
import { PEOPLE_KEY, type PersonRef, TEAMS_KEY, type TeamRef, getJson } from './rulesApi';
import type { ChannelChoice } from './useChannels';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  error: { color: tokens.colorPaletteRedForeground1 },
});

/**
 * How a Person or Team recipient is reached (docs/notifications.md "Recipients"): said where the recipient is chosen, so
 * that a console without an smtp connection does not leave a new user wondering why no email came.
 */
export const PEOPLE_DELIVERY_HINT =
  "By email when the console has an smtp connection (Settings → Connections) and the person an address; otherwise in the person's bell only.";

export interface RecipientsSectionProps {
  control: Control<RuleForm>;
  errors: FieldErrors<RuleForm>;
  channels: readonly ChannelChoice[];
}

/** Who is told (spec 03 Notifications): a Person, a Team (each member), or Others (channels by URL or connection). */
export function RecipientsSection({ control, errors, channels }: RecipientsSectionProps) {
  const styles = useStyles();
  const kind = useWatch({ control, name: 'recipientKind' });
  const services = useFieldArray({ control, name: 'custom_services' });
  const { data: people, isLoading: loadingPeople } = useSWR<PersonRef[]>(kind === 'person' ? PEOPLE_KEY : null, getJson, { revalidateOnFocus: false });
  const { data: teams, isLoading: loadingTeams } = useSWR<TeamRef[]>(kind === 'team' ? TEAMS_KEY : null, getJson, { revalidateOnFocus: false });

  return (
    <section className={styles.root} aria-label="Recipients">
      <Subtitle2>Recipients</Subtitle2>
      <Controller
        control={control}
        name="recipientKind"
        render={({ field }) => (
          <RadioGroup layout="horizontal" aria-label="Recipient kind" value={field.value} onChange={(_, data) => field.onChange(data.value)}>
            {RECIPIENT_KINDS.map((choice) => (
              <Radio key={choice.value} value={choice.value} label={choice.label} />
            ))}
          </RadioGroup>
        )}
      />
      {kind === 'person' && (
        <Controller
          control={control}
          name="person_id"
          render={({ field }) => (
            <Field
              label="Person"
              required
              hint={PEOPLE_DELIVERY_HINT}
              validationState={errors.person_id ? 'error' : 'none'}
              validationMessage={errors.person_id?.message}
            >
              <Select value={field.value} onChange={(_, data) => field.onChange(data.value)} onBlur={field.onBlur}>
                <option value="">{loadingPeople ? 'Loading...' : 'Select a person'}</option>
                {field.value && people && !people.some((p) => p.id === field.value) && <option value={field.value}>{field.value}</option>}
                {(people ?? []).map((person) => (
                  <option key={person.id} value={person.id}>
                    {person.email ? `${person.name} (${person.email})` : person.name}
                  </option>
                ))}
              </Select>
            </Field>
          )}
        />
      )}
      {kind === 'team' && (
        <Controller
          control={control}
          name="team_id"
          render={({ field }) => (
            <Field
              label="Team"
              required
              hint={`Each member of the team. ${PEOPLE_DELIVERY_HINT}`}
              validationState={errors.team_id ? 'error' : 'none'}
              validationMessage={errors.team_id?.message}
            >
              <Select value={field.value} onChange={(_, data) => field.onChange(data.value)} onBlur={field.onBlur}>
                <option value="">{loadingTeams ? 'Loading...' : 'Select a team'}</option>
                {field.value && teams && !teams.some((t) => t.id === field.value) && <option value={field.value}>{field.value}</option>}
                {(teams ?? []).map((team) => (
                  <option key={team.id} value={team.id}>
                    {team.name}
                  </option>
                ))}
              </Select>
            </Field>
          )}
        />
      )}
      {kind === 'others' && (
        <>
          {services.fields.map((item, index) => (
            <CustomServiceFields key={item.id} index={index} control={control} errors={errors} channels={channels} onRemove={() => services.remove(index)} />
          ))}
          {errors.custom_services?.message && (
            <span className={styles.error} role="alert">
              {errors.custom_services.message}
            </span>
          )}
          {errors.custom_services?.root?.message && (
            <span className={styles.error} role="alert">
              {errors.custom_services.root.message}
            </span>
          )}
          <div>
            <Button icon={<Add20Regular />} onClick={() => services.append(emptyService(channels[0]?.id ?? ''))}>
              Add recipient
            </Button>
          </div>
        </>
      )}
    </section>
  );
}
