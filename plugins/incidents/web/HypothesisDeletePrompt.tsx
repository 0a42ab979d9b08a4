import { Body1, Button } from '@fluentui/react-components';
import { Dialog } from '@web/core/components/Dialog';

export interface HypothesisDeletePromptProps {
  open: boolean;
  busy?: boolean;
  onDisprove(): void;
  onDelete(): void;
  onCancel(): void;
}

/** Deleting asks first: disprove it instead, or delete it (its comments and evidence go too). */
export function HypothesisDeletePrompt({ open, busy, onDisprove, onDelete, onCancel }: HypothesisDeletePromptProps) {
  return (
    <Dialog
      open={open}
      onClose={onCancel}
      size="very-small"
      modalType="alert"
      title="Delete hypothesis"
      actions={
        <>
          <Button appearance="secondary" onClick={onCancel} disabled={busy}>
            Cancel
          </Button>
          <Button appearance="secondary" onClick={onDisprove} disabled={busy}>
            Disprove Hypothesis
          </Button>
          <Button appearance="primary" onClick={onDelete} disabled={busy}>
            Delete Hypothesis
          </Button>
        </>
      }
    >
      <Body1>Deleting a hypothesis also deletes its comments and evidence. You can disprove it instead.</Body1>
    </Dialog>
  );
}
