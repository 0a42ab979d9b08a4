import { useEffect, useMemo, useState } from 'react';
import { Button, Field, Input, MessageBar, MessageBarBody, makeStyles, tokens } from '@fluentui/react-components';
import { ArrowLeft20Regular, Delete20Regular, PlugConnected20Regular } from '@fluentui/react-icons';
import { FormProvider, useForm } from 'react-hook-form';
import { useSWRConfig } from 'swr';
import { ConfirmDialog } from '@web/core/components/ConfirmDialog';
import { Dialog } from '@web/core/components/Dialog';
import { useToast } from '@web/core/components/useToast';
import { zodResolver } from '@web/core/forms/zodResolver';
import { useBusyAction } from '@web/core/hooks/useBusyAction';
import { useAccess, usePluginRegistry } from '@web/core/plugin-host';
import { ConnectionFields } from './ConnectionFields';
import { connectionSchema, formValues, toInput, type ConnectionFormValues } from './connectionForm';
import { CONNECTIONS_PATH, createConnection, deleteConnection, testConnection, updateConnection, type Connection } from './connectionsApi';
import { CONNECTION_SUCCESSFUL, connectionTestFailure } from './connectionTestMessage';
import { ConnectionTypePicker } from './ConnectionTypePicker';

const useStyles = makeStyles({
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  actions: { display: 'flex', width: '100%', gap: tokens.spacingHorizontalS },
  spacer: { flexGrow: 1 },
  pre: { whiteSpace: 'pre-wrap', margin: 0, fontFamily: tokens.fontFamilyMonospace },
});

export interface ConnectionDialogProps {
  open: boolean;
  /** The connection to edit; absent to add one. */
  connection: Connection | null;
  canWrite: boolean;
  onClose(): void;
}

const FORM_ID = 'connection-form';
type TestState = { state: 'idle' } | { state: 'testing' } | { state: 'ok' } | { state: 'failed'; message: string };

/** Add (choose a type, then details; Back) or edit a connection; test it against its peer (spec 03 §2, §8). */
export function ConnectionDialog({ open, connection, canWrite, onClose }: ConnectionDialogProps) {
  const styles = useStyles();
  const toast = useToast();
  const { mutate } = useSWRConfig();
  const registry = usePluginRegistry();
  const access = useAccess();
  const types = registry.getVisibleExtensions('connection.types', access);
  const isNew = !connection;
  const [type, setType] = useState<string | null>(connection?.type ?? null);
  const [test, setTest] = useState<TestState>({ state: 'idle' });
  const [confirmingDelete, setConfirmingDelete] = useState(false);
  const [deleting, runDelete] = useBusyAction();
  const spec = types.find((t) => t.id === type);
  const fields = useMemo(() => spec?.fields ?? [], [spec]);
  const readOnly = !canWrite;

  const form = useForm<ConnectionFormValues>({
    resolver: zodResolver(connectionSchema(fields, connection)),
    defaultValues: formValues(connection),
  });
  const { register, handleSubmit, reset, formState } = form;
  useEffect(() => {
    if (!open) return;
    setType(connection?.type ?? null);
    setTest({ state: 'idle' });
  }, [open, connection]);
  useEffect(() => {
    if (!open) return;
    const values = formValues(connection);
    // Select fields start on their first option (e.g. smtp encryption Auto, spec 03 §9); the other properties the
    // type shows start empty.
    for (const f of fields) {
      if (!f.name.startsWith('properties.')) continue;
      const key = f.name.slice('properties.'.length);
      if (f.kind === 'select' && !values.properties[key] && f.options?.length) values.properties[key] = f.options[0].value;
      else values.properties[key] ??= '';
    }
    reset(values);
  }, [open, connection, fields, reset]);

  const onSubmit = handleSubmit(async (values) => {
    if (!type) return;
    try {
      const input = toInput(type, fields, values, connection);
      if (isNew) {
        await createConnection(input);
        toast.success('Connection added successfully');
      } else {
        await updateConnection(connection.id, input);
        toast.success('Connection updated successfully');
      }
    } catch (error) {
      toast.error(error);
      return;
    }
    onClose();
    await mutate(CONNECTIONS_PATH);
  });

  const onTest = async () => {
    if (!connection) return;
    setTest({ state: 'testing' });
    try {
      const res = await testConnection(connection.id);
      setTest(res.message === 'ok' ? { state: 'ok' } : { state: 'failed', message: connectionTestFailure(null) });
    } catch (error) {
      setTest({ state: 'failed', message: connectionTestFailure(error) });
    }
  };

  const onDelete = async () => {
    if (!connection) return;
    const deleted = await runDelete(async () => {
      await deleteConnection(connection.id);
      toast.success('Connection deleted successfully');
    });
    setConfirmingDelete(false);
    if (!deleted) return;
    onClose();
    await mutate(CONNECTIONS_PATH);
  };

  const { errors, isSubmitting } = formState;
  const choosing = isNew && !type;
  return (
    <Dialog
      open={open}
      onClose={onClose}
      size="medium"
      title={choosing ? 'Add Connection' : `${isNew ? 'Add' : readOnly ? '' : 'Edit'} ${spec?.label ?? connection?.type ?? ''} Connection`.trim()}
      actions={
        <div className={styles.actions}>
          {isNew && type && (
            <Button appearance="subtle" icon={<ArrowLeft20Regular />} onClick={() => setType(null)}>
              Back
            </Button>
          )}
          {!isNew && canWrite && (
            <Button appearance="subtle" icon={<Delete20Regular />} onClick={() => setConfirmingDelete(true)}>
              Delete
            </Button>
          )}
          {!isNew && canWrite && (
            <Button appearance="subtle" icon={<PlugConnected20Regular />} disabled={test.state === 'testing'} onClick={() => void onTest()}>
              {test.state === 'testing' ? 'Testing...' : 'Test connection'}
            </Button>
          )}
          <span className={styles.spacer} />
          <Button appearance="secondary" onClick={onClose}>
            {readOnly ? 'Close' : 'Cancel'}
          </Button>
          {!readOnly && !choosing && (
            <Button appearance="primary" type="submit" form={FORM_ID} disabled={isSubmitting}>
              {isSubmitting ? (isNew ? 'Saving' : 'Updating') : isNew ? 'Save' : 'Update'}
            </Button>
          )}
        </div>
      }
    >
      {choosing ? (
        <ConnectionTypePicker types={types} onPick={setType} />
      ) : (
        <form id={FORM_ID} className={styles.form} onSubmit={onSubmit} noValidate>
          {test.state === 'ok' && (
            <MessageBar intent="success" role="status">
              <MessageBarBody>{CONNECTION_SUCCESSFUL}</MessageBarBody>
            </MessageBar>
          )}
          {test.state === 'failed' && (
            <MessageBar intent="error" role="alert">
              <MessageBarBody>
                <pre className={styles.pre}>{test.message}</pre>
              </MessageBarBody>
            </MessageBar>
          )}
          <Field label="Name" required validationState={errors.name ? 'error' : 'none'} validationMessage={errors.name?.message}>
            <Input {...register('name')} disabled={readOnly} />
          </Field>
          <Field label="Namespace" required validationState={errors.namespace ? 'error' : 'none'} validationMessage={errors.namespace?.message}>
            <Input {...register('namespace')} disabled={readOnly} />
          </Field>
          <FormProvider {...form}>
            <ConnectionFields fields={fields} existing={connection} disabled={readOnly} />
          </FormProvider>
        </form>
      )}
      <ConfirmDialog
        open={confirmingDelete}
        title="Delete connection"
        message={`Delete the connection '${connection?.name ?? ''}'?`}
        confirmLabel="Delete"
        busy={deleting}
        onConfirm={() => void onDelete()}
        onCancel={() => setConfirmingDelete(false)}
      />
    </Dialog>
  );
}
