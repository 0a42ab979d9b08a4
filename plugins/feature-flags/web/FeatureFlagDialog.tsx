import { useEffect, useState } from 'react';
import { Button, Field, Input, MessageBar, MessageBarBody, Textarea, makeStyles, tokens } from '@fluentui/react-components';
import { Delete20Regular } from '@fluentui/react-icons';
import { useForm } from 'react-hook-form';
import { useSWRConfig } from 'swr';
import type { Property } from '@contracts';
import { ConfirmDialog } from '@web/core/components/ConfirmDialog';
import { Dialog } from '@web/core/components/Dialog';
import { useToast } from '@web/core/components/useToast';
import { zodResolver } from '@web/core/forms/zodResolver';
import { useBusyAction } from '@web/core/hooks/useBusyAction';
import { KEYS_CHANGED_BY_WRITES, createFeatureFlag, deleteFeatureFlag, updateFeatureFlag } from './featureFlagsApi';
import { ALL_DETAILS_MESSAGE, type FeatureFlagForm, LOCAL_FLAG_MESSAGE, featureFlagSchema } from './featureFlagSchema';

const useStyles = makeStyles({
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  actions: { display: 'flex', width: '100%', gap: tokens.spacingHorizontalS },
  spacer: { flexGrow: 1 },
});

export interface FeatureFlagDialogProps {
  open: boolean;
  /** The flag to edit; absent to add one. */
  flag?: Property | null;
  /** Mirrors write permission on properties (hides save and delete). */
  canWrite: boolean;
  onClose(): void;
}

const FORM_ID = 'feature-flag-form';

/** Add or edit a feature flag; local flags are shown read-only. */
export function FeatureFlagDialog({ open, flag, canWrite, onClose }: FeatureFlagDialogProps) {
  const styles = useStyles();
  const toast = useToast();
  const { mutate } = useSWRConfig();
  const [confirmingDelete, setConfirmingDelete] = useState(false);
  const [deleting, runDelete] = useBusyAction();
  const isNew = !flag;
  const isLocal = flag?.source === 'local';
  const readOnly = isLocal || !canWrite;

  const { register, handleSubmit, reset, formState } = useForm<FeatureFlagForm>({
    resolver: zodResolver(featureFlagSchema),
    defaultValues: { name: '', value: '', description: '' },
  });
  useEffect(() => {
    if (open) reset({ name: flag?.name ?? '', value: flag?.value ?? '', description: flag?.description ?? '' });
  }, [open, flag, reset]);

  const revalidate = () => Promise.all(KEYS_CHANGED_BY_WRITES.map((key) => mutate(key)));

  const onSubmit = handleSubmit(async ({ name, value, description }) => {
    try {
      if (isNew) {
        await createFeatureFlag({ name, value, description: description || null });
        toast.success('Feature flag added successfully');
      } else {
        await updateFeatureFlag(flag.name, { value, description: description || null });
        toast.success('Feature flag updated successfully');
      }
    } catch (error) {
      toast.error(error);
      return;
    }
    onClose();
    await revalidate();
  });

  const onDelete = async () => {
    if (!flag) return;
    const deleted = await runDelete(async () => {
      await deleteFeatureFlag(flag.name);
      toast.success('Feature flag removed successfully');
    });
    setConfirmingDelete(false);
    if (!deleted) return;
    onClose();
    await revalidate();
  };

  const { errors, isSubmitting } = formState;
  const incomplete = Boolean(errors.name || errors.value);
  return (
    <Dialog
      open={open}
      onClose={onClose}
      size="small"
      title={isNew ? 'Add Feature Flag' : readOnly ? 'Feature Flag' : 'Edit Feature Flag'}
      actions={
        <div className={styles.actions}>
          {!isNew && !readOnly && (
            <Button appearance="subtle" icon={<Delete20Regular />} onClick={() => setConfirmingDelete(true)}>
              Delete
            </Button>
          )}
          <span className={styles.spacer} />
          <Button appearance="secondary" onClick={onClose}>
            {readOnly ? 'Close' : 'Cancel'}
          </Button>
          {!readOnly && (
            <Button appearance="primary" type="submit" form={FORM_ID} disabled={isSubmitting}>
              {isSubmitting ? 'Saving...' : 'Save'}
            </Button>
          )}
        </div>
      }
    >
      <form id={FORM_ID} className={styles.form} onSubmit={onSubmit} noValidate>
        {isLocal && (
          <MessageBar intent="warning" data-testid="local-flag">
            <MessageBarBody>{LOCAL_FLAG_MESSAGE}</MessageBarBody>
          </MessageBar>
        )}
        {incomplete && (
          <MessageBar intent="error" role="alert">
            <MessageBarBody>{ALL_DETAILS_MESSAGE}</MessageBarBody>
          </MessageBar>
        )}
        <Field label="Name" required validationState={errors.name ? 'error' : 'none'}>
          <Input {...register('name')} disabled={!isNew || readOnly} placeholder="e.g. incidents.disable" />
        </Field>
        <Field label="Value" required validationState={errors.value ? 'error' : 'none'}>
          <Input {...register('value')} disabled={readOnly} placeholder="e.g. true" />
        </Field>
        <Field label="Description">
          <Textarea {...register('description')} disabled={readOnly} resize="vertical" />
        </Field>
      </form>
      {/* Nested inside the dialog so its modal focus trap and aria-hidden handling include the prompt. */}
      <ConfirmDialog
        open={confirmingDelete}
        title="Delete feature flag"
        message={`Delete the feature flag '${flag?.name ?? ''}'?`}
        confirmLabel="Delete"
        busy={deleting}
        onConfirm={() => void onDelete()}
        onCancel={() => setConfirmingDelete(false)}
      />
    </Dialog>
  );
}
