import { Suspense, lazy, useState } from 'react';
import { type Control, Controller, useForm } from 'react-hook-form';
import { z } from 'zod';
import { Button, Field, Input, Label, MessageBar, MessageBarBody, makeStyles, tokens } from '@fluentui/react-components';
import { Delete20Regular } from '@fluentui/react-icons';
import { useNavigate } from 'react-router';
import { useSWRConfig } from 'swr';
import { DATA_API, errorMessage } from '@web/core/api';
import { ConfirmDialog } from '@web/core/components/ConfirmDialog';
import { Loading } from '@web/core/components/Loading';
import { useToast } from '@web/core/components/useToast';
import { type LabelEntry, LabelsEditor, entriesToLabels, labelsToEntries } from '@web/core/editor/LabelsEditor';
import { zodResolver } from '@web/core/forms/zodResolver';
import { createSettingsResource, softDeleteSettingsResource, updateSettingsResource } from './settingsApi';
import { parseSpecText, specToText } from './specText';
import type { SettingsEditorProps } from './types';
import { resourceKeyOf } from './useSettingsResource';

const YamlEditor = lazy(() => import('@web/core/editor/YamlEditor'));

export const REQUIRED_MESSAGE = 'This field is required';
export const DEFAULT_NAMESPACE = 'default';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM, maxWidth: '960px' },
  spec: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS, minHeight: '320px' },
  actions: {
    display: 'flex',
    gap: tokens.spacingHorizontalS,
    alignItems: 'center',
    position: 'sticky',
    bottom: 0,
    zIndex: 1,
    paddingBlock: tokens.spacingVerticalS,
    backgroundColor: tokens.colorNeutralBackground1,
    borderTop: `1px solid ${tokens.colorNeutralStroke2}`,
  },
  spacer: { flexGrow: 1 },
});

const schema = z.object({
  name: z.string().trim().min(1, REQUIRED_MESSAGE),
  namespace: z.string().trim().min(1, REQUIRED_MESSAGE),
  labels: z.array(z.object({ key: z.string(), value: z.string() })),
  spec: z.string().superRefine((text, ctx) => {
    const parsed = parseSpecText(text);
    if (!parsed.ok) ctx.addIssue({ code: 'custom', message: parsed.error.message });
  }),
});
type SpecForm = z.infer<typeof schema>;

/**
 * The spec tab of a settings table without an editor of its own (incident rules, teams): Name, Namespace and Labels
 * when the table has them, the spec as YAML; Save/Update (Saving/Updating) over the data API (POST, PATCH), Cancel,
 * Delete (soft: deleted_at). Name and namespace are fixed once saved. A refused save keeps everything as typed.
 */
export function SettingsSpecEditor({ resource, canWrite, listPath, table }: SettingsEditorProps) {
  const styles = useStyles();
  const navigate = useNavigate();
  const toast = useToast();
  const { mutate } = useSWRConfig();
  const existing = resource !== null;
  const fields = table.fields ?? [];
  const form = useForm<SpecForm>({
    resolver: zodResolver(schema),
    mode: 'onTouched',
    defaultValues: {
      name: resource?.name ?? '',
      namespace: (resource?.namespace as string | undefined) ?? DEFAULT_NAMESPACE,
      labels: labelsToEntries(resource?.labels),
      spec: specToText(resource?.spec),
    },
  });
  const [busy, setBusy] = useState<null | 'save' | 'delete'>(null);
  const [saveError, setSaveError] = useState<string | null>(null);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const readOnly = !canWrite;

  const refresh = (id: string) =>
    Promise.all([
      mutate((key) => typeof key === 'string' && key.startsWith(`${DATA_API}/${table.view}`)),
      mutate(resourceKeyOf(table, id), undefined, { revalidate: false }),
    ]);

  const send = async (values: SpecForm) => {
    setBusy('save');
    setSaveError(null);
    const parsed = parseSpecText(values.spec);
    const body: Record<string, unknown> = { spec: parsed.ok ? parsed.spec : {} };
    if (fields.includes('labels')) body.labels = entriesToLabels(values.labels as LabelEntry[]);
    try {
      let id = resource?.id;
      if (id) await updateSettingsResource(table.id, id, body);
      else {
        const created = await createSettingsResource(table.id, {
          name: values.name.trim(),
          ...(fields.includes('namespace') ? { namespace: values.namespace.trim() } : {}),
          ...body,
        });
        id = created.id;
      }
      await refresh(id);
      const name = resource?.name ?? values.name.trim();
      toast.success(`${name} ${existing ? 'updated' : 'created'} successfully`);
      navigate(listPath);
    } catch (error) {
      setSaveError(errorMessage(error));
      toast.error(error);
      setBusy(null);
    }
  };

  const remove = async () => {
    if (!resource) return;
    setBusy('delete');
    try {
      await softDeleteSettingsResource(table.id, resource.id);
      await refresh(resource.id);
      toast.success(`${resource.name} deleted successfully`);
      navigate(listPath);
    } catch (error) {
      toast.error(error);
      setBusy(null);
      setConfirmDelete(false);
    }
  };

  const { errors } = form.formState;
  const saveLabel = existing ? (busy === 'save' ? 'Updating' : 'Update') : busy === 'save' ? 'Saving' : 'Save';
  return (
    <form className={styles.root} onSubmit={form.handleSubmit(send)} noValidate>
      {/* Fluent's Input keeps its own value: it is controlled here, not registered. */}
      <TextInputField control={form.control} name="name" label="Name" error={errors.name?.message} disabled={existing || readOnly} />
      {fields.includes('namespace') && (
        <TextInputField control={form.control} name="namespace" label="Namespace" error={errors.namespace?.message} disabled={existing || readOnly} />
      )}
      {fields.includes('labels') && (
        <div>
          <Label>Labels</Label>
          <Controller
            control={form.control}
            name="labels"
            render={({ field }) => <LabelsEditor labels={field.value} onChange={field.onChange} disabled={readOnly} />}
          />
        </div>
      )}
      <div className={styles.spec}>
        <Label id={`${table.id}-spec-label`}>Spec</Label>
        <Controller
          control={form.control}
          name="spec"
          render={({ field }) => (
            <Suspense fallback={<Loading label="Loading editor..." />}>
              <YamlEditor value={field.value} onChange={(text) => field.onChange(text)} markers={[]} readOnly={readOnly} ariaLabel={`${table.title} spec`} />
            </Suspense>
          )}
        />
        {errors.spec?.message && (
          <MessageBar intent="error" role="alert">
            <MessageBarBody>{errors.spec.message}</MessageBarBody>
          </MessageBar>
        )}
      </div>
      {saveError && (
        <MessageBar intent="error" data-testid="save-error">
          <MessageBarBody>{saveError}</MessageBarBody>
        </MessageBar>
      )}
      <div className={styles.actions}>
        {existing && canWrite && (
          <Button appearance="secondary" icon={<Delete20Regular />} disabled={busy !== null} onClick={() => setConfirmDelete(true)}>
            Delete
          </Button>
        )}
        <span className={styles.spacer} />
        <Button appearance="secondary" disabled={busy !== null} onClick={() => navigate(listPath)}>
          Cancel
        </Button>
        {canWrite && (
          <Button appearance="primary" type="submit" disabled={busy !== null}>
            {saveLabel}
          </Button>
        )}
      </div>
      <ConfirmDialog
        open={confirmDelete}
        title={`Delete ${resource?.name ?? ''}`}
        message={`Delete ${resource?.name ?? 'this resource'}?`}
        confirmLabel="Delete"
        busy={busy === 'delete'}
        onConfirm={remove}
        onCancel={() => setConfirmDelete(false)}
      />
    </form>
  );
}

/** A text input of the form, controlled (Fluent's Input keeps its own value otherwise). */
function TextInputField(props: { control: Control<SpecForm>; name: 'name' | 'namespace'; label: string; error?: string; disabled: boolean }) {
  return (
    <Controller
      control={props.control}
      name={props.name}
      render={({ field }) => (
        <Field label={props.label} required validationMessage={props.error}>
          <Input name={field.name} value={field.value} onChange={(_, data) => field.onChange(data.value)} onBlur={field.onBlur} disabled={props.disabled} />
        </Field>
      )}
    />
  );
}
