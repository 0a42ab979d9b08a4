import { useEffect, useState } from 'react';
import { Field, Input, MessageBar, MessageBarBody, Select, Textarea, makeStyles, tokens } from '@fluentui/react-components';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { INCIDENT_STATUSES, INCIDENT_TYPES, SEVERITIES } from '@contracts';
import { errorMessage } from '@web/core/api/ApiError';
import { Dialog } from '@web/core/components/Dialog';
import { DialogButtons } from '@web/core/components/DialogButtons';
import { zodResolver } from '@web/core/forms/zodResolver';
import { NEW_INCIDENT_DEFAULTS, type CreateIncidentForm, createIncidentSchema } from './createIncidentSchema';
import { createIncident, incidentPath } from './incidentsApi';

const useStyles = makeStyles({
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
});

const FORM_ID = 'create-incident-form';

/** 'Create New Incident': the server creates the root hypothesis too; then the incident page opens. */
export function CreateIncidentDialog({ open, onClose }: { open: boolean; onClose(): void }) {
  const styles = useStyles();
  const navigate = useNavigate();
  const [serverError, setServerError] = useState<string | null>(null);
  const { register, handleSubmit, reset, formState } = useForm<CreateIncidentForm>({
    resolver: zodResolver(createIncidentSchema),
    defaultValues: NEW_INCIDENT_DEFAULTS,
  });
  useEffect(() => {
    if (open) {
      reset(NEW_INCIDENT_DEFAULTS);
      setServerError(null);
    }
  }, [open, reset]);

  const onSubmit = handleSubmit(async (values) => {
    setServerError(null);
    try {
      const incident = await createIncident({ ...values, description: values.description || undefined });
      onClose();
      navigate(incidentPath(incident.id));
    } catch (error) {
      setServerError(errorMessage(error));
    }
  });

  const { errors, isSubmitting } = formState;
  return (
    <Dialog
      open={open}
      onClose={onClose}
      size="small"
      title="Create New Incident"
      actions={<DialogButtons onCancel={onClose} label="Create" busyLabel="Creating..." busy={isSubmitting} form={FORM_ID} />}
    >
      <form id={FORM_ID} className={styles.form} onSubmit={onSubmit} noValidate>
        {serverError && (
          <MessageBar intent="error" role="alert">
            <MessageBarBody>{serverError}</MessageBarBody>
          </MessageBar>
        )}
        <Field label="Title" required validationMessage={errors.title?.message}>
          <Input {...register('title')} />
        </Field>
        <Field label="Description">
          <Textarea {...register('description')} resize="vertical" />
        </Field>
        <Field label="Severity" required validationMessage={errors.severity?.message}>
          <Select {...register('severity')}>
            {SEVERITIES.map((value) => (
              <option key={value} value={value}>
                {value}
              </option>
            ))}
          </Select>
        </Field>
        <Field label="Type" required validationMessage={errors.type?.message}>
          <Select {...register('type')}>
            {INCIDENT_TYPES.map((value) => (
              <option key={value} value={value}>
                {value}
              </option>
            ))}
          </Select>
        </Field>
        <Field label="Status" required validationMessage={errors.status?.message}>
          <Select {...register('status')}>
            {INCIDENT_STATUSES.map((value) => (
              <option key={value} value={value}>
                {value}
              </option>
            ))}
          </Select>
        </Field>
      </form>
    </Dialog>
  );
}
