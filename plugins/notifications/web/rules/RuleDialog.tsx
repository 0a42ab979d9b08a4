import { useState } from 'react';
import { Button, MessageBar, MessageBarBody, makeStyles, tokens } from '@fluentui/react-components';
import { Delete20Regular } from '@fluentui/react-icons';
import { type FieldPath, useForm } from 'react-hook-form';
import useSWR from 'swr';
import { NOTIFICATION_MESSAGES, type NotificationRule } from '@contracts';
import { type ApiError, errorMessage } from '@web/core/api';
import { ConfirmDialog } from '@web/core/components/ConfirmDialog';
import { Dialog } from '@web/core/components/Dialog';
import { ErrorPanel } from '@web/core/components/ErrorPanel';
import { Loading } from '@web/core/components/Loading';
import { useToast } from '@web/core/components/useToast';
import { zodResolver } from '@web/core/forms/zodResolver';
import { useBusyAction } from '@web/core/hooks/useBusyAction';
import { RuleFormFields } from './RuleFormFields';
import { EMPTY_RULE_FORM, type RuleForm, fieldOfMessage, formToInput, ruleFormSchema, ruleToForm } from './ruleForm';
import { createRule, deleteRule, getJson, rulePath, updateRule } from './rulesApi';
import { useChannels } from './useChannels';

const useStyles = makeStyles({
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  actions: { display: 'flex', width: '100%', gap: tokens.spacingHorizontalS },
  spacer: { flexGrow: 1 },
});

const FORM_ID = 'notification-rule-form';

export interface RuleDialogProps {
  /** The rule to open; null for a new one. */
  ruleId: string | null;
  canWrite: boolean;
  onClose(): void;
  /** After a save or a delete: the list refreshes. */
  onChanged(): void;
}

/** The rule editor (`?id=` on /notifications/rules, or Add Rule): loads the rule, then the form. */
export function RuleDialog({ ruleId, canWrite, onClose, onChanged }: RuleDialogProps) {
  // Loaded once: a revalidation must never replace what the user is typing.
  const { data: rule, error } = useSWR<NotificationRule, ApiError>(ruleId ? rulePath(ruleId) : null, getJson, {
    revalidateOnFocus: false,
    revalidateIfStale: false,
    revalidateOnReconnect: false,
  });
  const title = ruleId ? (rule?.name ?? 'Notification') : 'Add Rule';
  if (ruleId && !rule) {
    return (
      <Dialog open title={title} onClose={onClose} size="large">
        {error ? <ErrorPanel error={error} /> : <Loading label="Loading rule..." />}
      </Dialog>
    );
  }
  return <RuleEditor key={ruleId ?? 'new'} rule={rule ?? null} canWrite={canWrite} onClose={onClose} onChanged={onChanged} />;
}

interface RuleEditorProps {
  rule: NotificationRule | null;
  canWrite: boolean;
  onClose(): void;
  onChanged(): void;
}

function RuleEditor({ rule, canWrite, onClose, onChanged }: RuleEditorProps) {
  const styles = useStyles();
  const toast = useToast();
  const { channels, channelOfScheme } = useChannels();
  const [serverError, setServerError] = useState<string | null>(null);
  const [confirmingDelete, setConfirmingDelete] = useState(false);
  const [deleting, runDelete] = useBusyAction();
  const { control, handleSubmit, setError, formState } = useForm<RuleForm>({
    resolver: zodResolver(ruleFormSchema),
    defaultValues: rule ? ruleToForm(rule, channelOfScheme) : EMPTY_RULE_FORM,
  });

  const onSubmit = handleSubmit(async (form) => {
    setServerError(null);
    const input = formToInput(form);
    let saved: NotificationRule;
    try {
      saved = rule ? await updateRule(rule.id, input) : await createRule(input);
    } catch (failure) {
      // The form keeps every value; the gateway's message is shown above it and, when it names a field, under that.
      const message = errorMessage(failure);
      setServerError(message);
      const named = fieldOfMessage(message);
      if (named) setError(named.field as FieldPath<RuleForm>, { type: 'server', message: named.message });
      return;
    }
    toast.success(rule ? NOTIFICATION_MESSAGES.ruleUpdated : `${saved.name} created successfully`);
    onChanged();
    onClose();
  });

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

  const { errors, isSubmitting } = formState;
  return (
    <Dialog
      open
      onClose={onClose}
      size="large"
      title={rule ? rule.name : 'Add Rule'}
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
          {canWrite && (
            <Button appearance="primary" type="submit" form={FORM_ID} disabled={isSubmitting}>
              {isSubmitting ? 'Saving...' : rule ? 'Update' : 'Save'}
            </Button>
          )}
        </div>
      }
    >
      <form id={FORM_ID} className={styles.form} onSubmit={(event) => void onSubmit(event)} noValidate>
        {serverError && (
          <MessageBar intent="error" data-testid="rule-form-error">
            <MessageBarBody>{serverError}</MessageBarBody>
          </MessageBar>
        )}
        {rule?.error && (
          <MessageBar intent="warning">
            <MessageBarBody>{rule.error}</MessageBarBody>
          </MessageBar>
        )}
        <RuleFormFields control={control} errors={errors} channels={channels} live={canWrite} />
      </form>
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
