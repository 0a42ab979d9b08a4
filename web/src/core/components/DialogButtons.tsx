import { Button } from '@fluentui/react-components';

export interface DialogButtonsProps {
  onCancel(): void;
  /** The primary action's label, e.g. 'Create'. */
  label: string;
  /** Its label while it runs, e.g. 'Saving...'; the label stays when absent. */
  busyLabel?: string;
  busy?: boolean;
  disabled?: boolean;
  /** The action, for a button outside a form. */
  onAction?(): unknown;
  /** Or the id of the form the button submits. */
  form?: string;
}

/** The footer most dialogs have: Cancel, then the primary action, disabled (and saying so) while it runs. */
export function DialogButtons({ onCancel, label, busyLabel, busy = false, disabled = false, onAction, form }: DialogButtonsProps) {
  return (
    <>
      <Button appearance="secondary" onClick={onCancel}>
        Cancel
      </Button>
      <Button
        appearance="primary"
        type={form ? 'submit' : 'button'}
        form={form}
        disabled={disabled || busy}
        onClick={onAction ? () => void onAction() : undefined}
      >
        {busy && busyLabel ? busyLabel : label}
      </Button>
    </>
  );
}
