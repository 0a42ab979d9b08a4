import { useEffect, useState } from 'react';
import { Button, Field, Select, Subtitle2, makeStyles, tokens } from '@fluentui/react-components';
import useSWR from 'swr';
import { dataApiPath, pg, withQuery } from '@web/core/api';
import { Dialog } from '@web/core/components/Dialog';
import { ResponderTypeForm } from './ResponderTypeForm';
import { ResponderTypeList } from './ResponderTypeList';
import { responderClient } from './responderTemplates';
import { type ResponderTypeOption, teamResponderTypes } from './responderTypes';
import type { PersonRef, TeamRef } from './types';

const useStyles = makeStyles({ body: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM } });

export const TEAMS_KEY = withQuery(dataApiPath('teams'), { select: 'id,name,icon,spec', deleted_at: pg.is('null'), order: pg.order('name') });
export const PEOPLE_KEY = withQuery(dataApiPath('people'), { select: 'id,name,avatar', deleted_at: pg.is('null'), order: pg.order('name') });

export type NewResponder =
  | { person_id: string; type: 'person'; properties: { responderType: 'person' } }
  | { team_id: string; type: 'system'; properties: Record<string, unknown> & { responderType: string } };

export interface AddResponderDialogProps {
  open: boolean;
  incident: Record<string, unknown>;
  /** The registered `incident.responderTypes`. */
  registeredTypes: readonly ResponderTypeOption[];
  onClose(): void;
  /** Saves; a rejection keeps the dialog open (the caller shows the error). */
  onSave(responder: NewResponder): Promise<void>;
}

const STEP_TITLES = ['Select Responder', 'Responder Type', 'Save Team Responder'];
const FORM_ID = 'responder-type-form';

/** Add responder: a person directly, or a team → its responder type → the type's form. Resets on close. */
export function AddResponderDialog({ open, incident, registeredTypes, onClose, onSave }: AddResponderDialogProps) {
  const styles = useStyles();
  const { data: teams } = useSWR<TeamRef[]>(open ? TEAMS_KEY : null);
  const { data: people } = useSWR<PersonRef[]>(open ? PEOPLE_KEY : null);
  const [step, setStep] = useState(0);
  const [teamId, setTeamId] = useState('');
  const [personId, setPersonId] = useState('');
  const [typeId, setTypeId] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  useEffect(() => {
    if (!open) {
      setStep(0);
      setTeamId('');
      setPersonId('');
      setTypeId(null);
      setSaving(false);
    }
  }, [open]);

  const team = teams?.find((t) => t.id === teamId) ?? null;
  const types = teamResponderTypes(team, registeredTypes);
  const type = types.find((t) => t.id === typeId) ?? null;

  const save = async (responder: NewResponder) => {
    setSaving(true);
    try {
      await onSave(responder);
      onClose();
    } catch {
      // The caller has shown the error; the dialog stays open.
    } finally {
      setSaving(false);
    }
  };

  const actions = (
    <>
      {step > 0 && (
        <Button appearance="secondary" disabled={saving} onClick={() => setStep(step - 1)}>
          Back
        </Button>
      )}
      {step === 0 && personId ? (
        <Button
          key="add"
          appearance="primary"
          disabled={saving}
          onClick={() => void save({ person_id: personId, type: 'person', properties: { responderType: 'person' } })}
        >
          {saving ? 'Adding ...' : 'Add'}
        </Button>
      ) : step < 2 ? (
        <Button key="next" appearance="primary" disabled={step === 0 ? !teamId : !type} onClick={() => setStep(step + 1)}>
          Next
        </Button>
      ) : (
        // Its own key: reusing the Next button's element would submit the form on the click that showed it.
        <Button key="save" appearance="primary" type="submit" form={FORM_ID} disabled={!type || saving}>
          {saving ? 'Saving...' : 'Save'}
        </Button>
      )}
    </>
  );

  return (
    <Dialog open={open} onClose={onClose} size="medium" title="Add responder" actions={actions}>
      <div className={styles.body}>
        <Subtitle2>{STEP_TITLES[step]}</Subtitle2>
        {step === 0 && (
          <>
            <Field label="Team">
              <Select
                value={teamId}
                onChange={(_, data) => {
                  setTeamId(data.value);
                  setTypeId(null);
                  if (data.value) setPersonId('');
                }}
              >
                <option value="">Select a team</option>
                {(teams ?? []).map((t) => (
                  <option key={t.id} value={t.id}>
                    {t.name}
                  </option>
                ))}
              </Select>
            </Field>
            <Field label="Person">
              <Select
                value={personId}
                onChange={(_, data) => {
                  setPersonId(data.value);
                  if (data.value) setTeamId('');
                }}
              >
                <option value="">Select a person</option>
                {(people ?? []).map((p) => (
                  <option key={p.id} value={p.id}>
                    {p.name}
                  </option>
                ))}
              </Select>
            </Field>
          </>
        )}
        {step === 1 && <ResponderTypeList types={types} selected={typeId} onSelect={setTypeId} />}
        {step === 2 && type && (
          <ResponderTypeForm
            formId={FORM_ID}
            type={type}
            client={responderClient(team, type.id)}
            incident={incident}
            onSubmit={(values) => void save({ team_id: teamId, type: 'system', properties: { ...values, responderType: type.id } })}
          />
        )}
      </div>
    </Dialog>
  );
}
