import { useEffect, useState } from 'react';
import { Field, Input, Select, makeStyles, tokens } from '@fluentui/react-components';
import { Dialog } from '@web/core/components/Dialog';
import { DialogButtons } from '@web/core/components/DialogButtons';
import { useBusyAction } from '@web/core/hooks/useBusyAction';
import { HYPOTHESIS_STATUS_OPTIONS, NEW_HYPOTHESIS_STATUS } from './hypotheses';
import { useIncidentContext } from './IncidentContext';
import { createHypothesis } from './incidentsApi';
import type { HypothesisType } from './types';

const useStyles = makeStyles({ form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM } });

export interface CreateHypothesisDialogProps {
  open: boolean;
  parentId: string | null;
  type: HypothesisType;
  onClose(): void;
}

/** Create hypothesis: a title (no required rule) and a status, new ones start as possible. */
export function CreateHypothesisDialog({ open, parentId, type, onClose }: CreateHypothesisDialogProps) {
  const styles = useStyles();
  const { incident, refresh } = useIncidentContext();
  const [title, setTitle] = useState('');
  const [status, setStatus] = useState(NEW_HYPOTHESIS_STATUS);
  const [saving, run] = useBusyAction();
  useEffect(() => {
    if (open) {
      setTitle('');
      setStatus(NEW_HYPOTHESIS_STATUS);
    }
  }, [open]);

  const save = () =>
    run(async () => {
      await createHypothesis(incident.id, { parent_id: parentId, title, type, status });
      onClose();
      await refresh();
    });

  return (
    <Dialog
      open={open}
      onClose={onClose}
      size="small"
      title="Create hypothesis"
      actions={<DialogButtons onCancel={onClose} label="Create" busyLabel="Saving..." busy={saving} onAction={save} />}
    >
      <div className={styles.form}>
        <Field label="Title">
          <Input value={title} onChange={(_, data) => setTitle(data.value)} />
        </Field>
        <Field label="Status">
          <Select value={status} onChange={(_, data) => setStatus(data.value)}>
            {HYPOTHESIS_STATUS_OPTIONS.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </Select>
        </Field>
      </div>
    </Dialog>
  );
}
