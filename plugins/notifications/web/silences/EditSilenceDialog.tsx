import { useEffect, useState } from 'react';
import { Field, Input, MessageBar, MessageBarBody, Switch, Textarea, makeStyles, tokens } from '@fluentui/react-components';
import { Controller, useForm } from 'react-hook-form';
import { errorMessage } from '@web/core/api/ApiError';
import { Dialog } from '@web/core/components/Dialog';
import { DialogButtons } from '@web/core/components/DialogButtons';
import { useToast } from '@web/core/components/useToast';
import { zodResolver } from '@web/core/forms/zodResolver';
import { ResourceLink } from '../history/ResourceLink';
import { type EditSilenceForm, editSilenceInput, editSilenceSchema, toLocalInput } from './silenceForm';
import { type SilenceRow, updateSilence } from './silencesApi';

const useStyles = makeStyles({
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  row: { display: 'flex', gap: tokens.spacingHorizontalM, flexWrap: 'wrap' },
});

export const EDIT_SILENCE_TITLE = 'Edit Notification Silence';
export const SILENCE_UPDATED = 'Silence updated successfully';
const FORM_ID = 'edit-silence-form';

const valuesOf = (silence: SilenceRow | null): EditSilenceForm => ({
  description: silence?.description ?? '',
  from: toLocalInput(silence?.from),
  until: toLocalInput(silence?.until),
  recursive: silence?.recursive ?? false,
});

export interface EditSilenceDialogProps {
  /** The silence to edit; null: closed. */
  silence: SilenceRow | null;
  /** Write on notifications: without it the fields are shown read-only. */
  canWrite: boolean;
  onClose(): void;
  onSaved(): void;
}

/** 'Edit Notification Silence' (spec 03): the reason, from and until, and recursive. What was typed stays on failure. */
export function EditSilenceDialog({ silence, canWrite, onClose, onSaved }: EditSilenceDialogProps) {
  const styles = useStyles();
  const toast = useToast();
  const [serverError, setServerError] = useState<string | null>(null);
  const { register, control, handleSubmit, reset, formState } = useForm<EditSilenceForm>({
    resolver: zodResolver(editSilenceSchema),
    defaultValues: valuesOf(silence),
  });
  useEffect(() => {
    if (silence) {
      reset(valuesOf(silence));
      setServerError(null);
    }
  }, [silence, reset]);

  const onSubmit = handleSubmit(async (values) => {
    if (!silence) return;
    setServerError(null);
    const original = valuesOf(silence);
    const input = editSilenceInput(values);
    // Times shown to the minute: an untouched one is not sent back rounded.
    if (values.from === original.from) delete input.from;
    if (values.until === original.until) delete input.until;
    try {
      await updateSilence(silence.id, input);
    } catch (error) {
      setServerError(errorMessage(error));
      return;
    }
    toast.success(SILENCE_UPDATED);
    onSaved();
    onClose();
  });

  const { errors, isSubmitting } = formState;
  const nested = silence?.resource?.type === 'component' || silence?.resource?.type === 'config' || Boolean(silence?.component_id ?? silence?.config_id);
  return (
    <Dialog
      open={silence !== null}
      onClose={onClose}
      size="small"
      title={EDIT_SILENCE_TITLE}
      actions={canWrite ? <DialogButtons onCancel={onClose} label="Save" busyLabel="Saving..." busy={isSubmitting} form={FORM_ID} /> : undefined}
    >
      <form id={FORM_ID} className={styles.form} onSubmit={onSubmit} noValidate>
        {serverError && (
          <MessageBar intent="error" role="alert">
            <MessageBarBody>{serverError}</MessageBarBody>
          </MessageBar>
        )}
        {silence?.resource && (
          <Field label="Resource">
            <ResourceLink type={silence.resource.type} id={silence.resource.id} name={silence.resource.name} />
          </Field>
        )}
        <Field label="Reason">
          <Textarea {...register('description')} disabled={!canWrite} resize="vertical" />
        </Field>
        <div className={styles.row}>
          <Field label="From" required validationMessage={errors.from?.message}>
            <Input type="datetime-local" {...register('from')} disabled={!canWrite} />
          </Field>
          <Field label="Until" required validationMessage={errors.until?.message}>
            <Input type="datetime-local" {...register('until')} disabled={!canWrite} />
          </Field>
        </div>
        {nested && (
          <Controller
            control={control}
            name="recursive"
            render={({ field }) => (
              <Switch
                label="Recursive (silence its children too)"
                checked={field.value}
                disabled={!canWrite}
                onChange={(_, data) => field.onChange(data.checked)}
              />
            )}
          />
        )}
      </form>
    </Dialog>
  );
}
