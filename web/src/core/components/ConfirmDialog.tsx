import type { ReactNode } from 'react';
import { Body1, Button, Spinner } from '@fluentui/react-components';
import { Dialog } from './Dialog';

export interface ConfirmDialogProps {
  open: boolean;
  title: string;
  message: ReactNode;
  confirmLabel?: string;
  busy?: boolean;
  onConfirm(): void;
  onCancel(): void;
}

/** Asks before a destructive action. */
export function ConfirmDialog({ open, title, message, confirmLabel = 'Confirm', busy, onConfirm, onCancel }: ConfirmDialogProps) {
  return (
    <Dialog
      open={open}
      title={title}
      onClose={onCancel}
      size="very-small"
      modalType="alert"
      actions={
        <>
          <Button appearance="secondary" onClick={onCancel} disabled={busy}>
            Cancel
          </Button>
          <Button appearance="primary" onClick={onConfirm} disabled={busy} icon={busy ? <Spinner size="tiny" /> : undefined}>
            {confirmLabel}
          </Button>
        </>
      }
    >
      <Body1>{message}</Body1>
    </Dialog>
  );
}
