import { useEffect, useState } from 'react';
import { Body1, Caption1, Field, Select, makeStyles, tokens } from '@fluentui/react-components';
import { INCIDENT_TYPES, SEVERITIES } from '@contracts';
import { usePermissions } from '@web/core/auth';
import { Avatar } from '@web/core/components/Avatar';
import { useToast } from '@web/core/components/useToast';
import { formatDateTime } from '@web/core/formatDateTime';
import { UserText } from '@web/core/components/UserText';
import { useIncidentContext } from './IncidentContext';
import { updateIncidentFields } from './incidentsApi';
import { Responders } from './Responders';
import type { Incident } from './types';
import { useDebouncedCallback } from './useDebouncedCallback';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  row: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS },
});

export const FIELD_UPDATE_DEBOUNCE_MS = 500;

type Editable = Pick<Incident, 'severity' | 'type'>;

/** Details section: id, commander, dates, severity and type (saved 500 ms after the last change), responders. */
export function IncidentDetails() {
  const styles = useStyles();
  const toast = useToast();
  const { can } = usePermissions();
  const { incident, refresh } = useIncidentContext();
  const [fields, setFields] = useState<Editable>({ severity: incident.severity, type: incident.type });
  useEffect(() => setFields({ severity: incident.severity, type: incident.type }), [incident.severity, incident.type]);

  const save = useDebouncedCallback(async (changes: Editable) => {
    try {
      await updateIncidentFields(incident.id, changes);
    } catch (error) {
      toast.error(error);
    }
    await refresh();
  }, FIELD_UPDATE_DEBOUNCE_MS);

  const change = (patch: Partial<Editable>) => {
    const next = { ...fields, ...patch };
    setFields(next);
    save(next);
  };
  const canWrite = can('incident', 'write');
  return (
    <div className={styles.root}>
      <Caption1>Id</Caption1>
      <Body1>{incident.incident_id}</Body1>
      {incident.commander && (
        <>
          <Caption1>Commander</Caption1>
          <span className={styles.row}>
            <Avatar name={incident.commander.name} src={incident.commander.avatar} size={24} />
            <Body1>{incident.commander.name}</Body1>
          </span>
        </>
      )}
      <Caption1>Started</Caption1>
      <Body1>{formatDateTime(incident.created_at)}</Body1>
      <Field label="Severity">
        <Select value={fields.severity} disabled={!canWrite} onChange={(_, data) => change({ severity: data.value as Editable['severity'] })}>
          {SEVERITIES.map((value) => (
            <option key={value} value={value}>
              {value}
            </option>
          ))}
        </Select>
      </Field>
      <Field label="Type">
        <Select value={fields.type} disabled={!canWrite} onChange={(_, data) => change({ type: data.value as Editable['type'] })}>
          {INCIDENT_TYPES.map((value) => (
            <option key={value} value={value}>
              {value}
            </option>
          ))}
        </Select>
      </Field>
      {incident.description && (
        <>
          <Caption1>Description</Caption1>
          <Body1>
            <UserText>{incident.description}</UserText>
          </Body1>
        </>
      )}
      <Responders />
    </div>
  );
}
