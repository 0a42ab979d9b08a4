import { useState } from 'react';
import { Button, makeStyles, tokens } from '@fluentui/react-components';
import { Delete20Regular } from '@fluentui/react-icons';
import useSWR from 'swr';
import type { NotificationRule } from '@contracts';
import type { ApiError } from '@web/core/api';
import { ConfirmDialog } from '@web/core/components/ConfirmDialog';
import { Dialog } from '@web/core/components/Dialog';
import { ErrorPanel } from '@web/core/components/ErrorPanel';
import { Loading } from '@web/core/components/Loading';
import { useToast } from '@web/core/components/useToast';
import { useBusyAction } from '@web/core/hooks/useBusyAction';
import { RULE_FORM_ID, RuleEditor } from './RuleEditor';
import { deleteRule, getJson, rulePath } from './rulesApi';

const useStyles = makeStyles({
  actions: { display: 'flex', width: '100%', gap: tokens.spacingHorizontalS },
  spacer: { flexGrow: 1 },
});

export interface RuleDialogProps {
  /** The rule to open; null for a new one. */
  ruleId: string | null;
  canWrite: boolean;
  onClose(): void;
  /** After a save or a delete: the list refreshes. */
  onChanged(): void;
}

/** The rule editor (`?id=` on /notifications/rules, or Add Rule): one dialog that loads the rule, then shows the form. */
export function RuleDialog({ ruleId, canWrite, onClose, onChanged }: RuleDialogProps) {
  const styles = useStyles();
  const toast = useToast();
  // Loaded once: a revalidation must never replace what the user is typing.
  const { data: rule, error } = useSWR<NotificationRule, ApiError>(ruleId ? rulePath(ruleId) : null, getJson, {
    revalidateOnFocus: false,
    revalidateIfStale: false,
    revalidateOnReconnect: false,
  });
  const [submitting, setSubmitting] = useState(false);
  const [confirmingDelete, setConfirmingDelete] = useState(false);
  const [deleting, runDelete] = useBusyAction();
  const ready = !ruleId || !!rule;

  const onDelete = async () => {
    if (!rule) return;
    const done = await runDelete(async () => {
      await deleteRule(rule.id);
      toast.success(`${rule.name} deleted successfully`);
    });
    setConfirmingDelete(false);
    if (done) {
      onChanged();
      onClose();
    }
  };

  return (
    <Dialog
      open
      onClose={onClose}
      size="large"
      title={ruleId ? (rule?.name ?? 'Notification') : 'Add Rule'}
      actions={
        <div className={styles.actions}>
          {rule && canWrite && (
            <Button appearance="subtle" icon={<Delete20Regular />} onClick={() => setConfirmingDelete(true)}>
              Delete
            </Button>
          )}
          <span className={styles.spacer} />
          <Button appearance="secondary" onClick={onClose}>
            {canWrite ? 'Cancel' : 'Close'}
          </Button>
          {canWrite && ready && (
            <Button appearance="primary" type="submit" form={RULE_FORM_ID} disabled={submitting}>
              {submitting ? 'Saving...' : rule ? 'Update' : 'Save'}
            </Button>
          )}
        </div>
      }
    >
      {!ready ? (
        error ? (
          <ErrorPanel error={error} />
        ) : (
          <Loading label="Loading rule..." />
        )
      ) : (
        <RuleEditor
          key={rule?.id ?? 'new'}
          rule={rule ?? null}
          live={canWrite}
          onSubmittingChange={setSubmitting}
          onSaved={() => {
            onChanged();
            onClose();
          }}
        />
      )}
      <ConfirmDialog
        open={confirmingDelete}
        title="Delete rule"
        message={`Delete the notification rule ${rule?.name ?? ''}? Its send history stays.`}
        confirmLabel="Delete"
        busy={deleting}
        onConfirm={() => void onDelete()}
        onCancel={() => setConfirmingDelete(false)}
      />
    </Dialog>
  );
}
