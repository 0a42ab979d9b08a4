import { useEffect, useState } from 'react';
import { Button, Checkbox, MessageBar, MessageBarBody, makeStyles, tokens } from '@fluentui/react-components';
import { Dialog } from '@web/core/components/Dialog';
import { evidenceLabel } from './allEvidences';
import { SELECT_EVIDENCE_MESSAGE } from './incidentStatus';
import type { Evidence } from './types';

const useStyles = makeStyles({
  list: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS },
});

export interface ContributingFactorsDialogProps {
  open: boolean;
  /** Evidence that may join the definition of done. */
  evidences: readonly Evidence[];
  busy?: boolean;
  onCancel(): void;
  onSkip(): void;
  onSubmit(evidenceIds: string[]): void;
}

/** Asked before mitigated or resolved: Cancel keeps the status, Skip only sets it, Submit adds evidence first. */
export function ContributingFactorsDialog({ open, evidences, busy, onCancel, onSkip, onSubmit }: ContributingFactorsDialogProps) {
  const styles = useStyles();
  const [selected, setSelected] = useState<string[]>([]);
  const [invalid, setInvalid] = useState(false);
  useEffect(() => {
    if (open) {
      setSelected([]);
      setInvalid(false);
    }
  }, [open]);

  const toggle = (id: string, checked: boolean) => {
    setInvalid(false);
    setSelected((current) => (checked ? [...current, id] : current.filter((value) => value !== id)));
  };
  const submit = () => {
    if (selected.length === 0) {
      setInvalid(true);
      return;
    }
    onSubmit(selected);
  };

  return (
    <Dialog
      open={open}
      onClose={onCancel}
      size="small"
      title="Add contributing factors to definition of done"
      actions={
        <>
          <Button appearance="secondary" onClick={onCancel} disabled={busy}>
            Cancel
          </Button>
          <Button appearance="secondary" onClick={onSkip} disabled={busy}>
            Skip
          </Button>
          <Button appearance="primary" onClick={submit} disabled={busy}>
            Submit
          </Button>
        </>
      }
    >
      <div className={styles.list}>
        {invalid && (
          <MessageBar intent="error" role="alert">
            <MessageBarBody>{SELECT_EVIDENCE_MESSAGE}</MessageBarBody>
          </MessageBar>
        )}
        {evidences.map((evidence) => (
          <Checkbox
            key={evidence.id}
            label={evidenceLabel(evidence)}
            checked={selected.includes(evidence.id)}
            onChange={(_, data) => toggle(evidence.id, data.checked === true)}
          />
        ))}
      </div>
    </Dialog>
  );
}
