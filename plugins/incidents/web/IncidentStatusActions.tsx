import { useState } from 'react';
import { Button, Field, Select, makeStyles, tokens } from '@fluentui/react-components';
import { usePermissions } from '@web/core/auth';
import { useToast } from '@web/core/components/useToast';
import { allEvidences } from './allEvidences';
import { ContributingFactorsDialog } from './ContributingFactorsDialog';
import { useIncidentContext } from './IncidentContext';
import { updateIncidentStatus } from './incidentsApi';
import { STATUS_UPDATED, STATUS_UPDATE_FAILED, asksForContributingFactors, closeToggle, statusChoices } from './incidentStatus';

const useStyles = makeStyles({
  root: { display: 'flex', alignItems: 'flex-end', gap: tokens.spacingHorizontalM },
});

/** The status control (choices per the transition table) and the Close / Reopen toggle. */
export function IncidentStatusActions() {
  const styles = useStyles();
  const toast = useToast();
  const { can } = usePermissions();
  const { incident, refresh } = useIncidentContext();
  const [pending, setPending] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const canWrite = can('incident', 'write');

  const apply = async (status: string, evidenceIds: readonly string[] = []) => {
    setBusy(true);
    try {
      await updateIncidentStatus(incident.id, status, evidenceIds);
      toast.success(STATUS_UPDATED);
    } catch {
      toast.error(STATUS_UPDATE_FAILED);
    } finally {
      setBusy(false);
      setPending(null);
    }
    await refresh();
  };

  const choose = (status: string) => {
    if (status === incident.status) return;
    if (asksForContributingFactors(status)) setPending(status);
    else void apply(status);
  };

  const toggle = closeToggle(incident.status);
  const candidates = allEvidences(incident).filter((evidence) => !evidence.definition_of_done);
  return (
    <div className={styles.root}>
      <Field label="Status">
        <Select value={incident.status} disabled={!canWrite || busy} onChange={(_, data) => choose(data.value)}>
          {statusChoices(incident.status).map((status) => (
            <option key={status} value={status}>
              {status}
            </option>
          ))}
        </Select>
      </Field>
      {canWrite && (
        <Button appearance="secondary" disabled={busy} onClick={() => void apply(toggle.target)}>
          {toggle.label}
        </Button>
      )}
      <ContributingFactorsDialog
        open={pending !== null}
        evidences={candidates}
        busy={busy}
        onCancel={() => setPending(null)}
        onSkip={() => pending && void apply(pending)}
        onSubmit={(ids) => pending && void apply(pending, ids)}
      />
    </div>
  );
}
