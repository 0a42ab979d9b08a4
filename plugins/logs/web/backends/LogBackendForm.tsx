import { Suspense, lazy, useMemo, useState } from 'react';
import { Button, Caption1, Field, Input, Label, MessageBar, MessageBarBody, makeStyles, tokens } from '@fluentui/react-components';
import { Delete20Regular, DocumentText20Regular } from '@fluentui/react-icons';
import { useNavigate } from 'react-router';
import { useSWRConfig } from 'swr';
import { dataApiPath, errorMessage } from '@web/core/api';
import { ConfirmDialog } from '@web/core/components/ConfirmDialog';
import { Loading } from '@web/core/components/Loading';
import { useToast } from '@web/core/components/useToast';
import { type LabelEntry, LabelsEditor, entriesToLabels, labelsToEntries } from '@web/core/editor/LabelsEditor';
import { useYamlValidation } from '@web/core/editor/useYamlValidation';
import type { EditorMarker } from '@web/core/editor/yamlEditorTypes';
import { type LogBackendTypeExtension, useAccess, usePluginRegistry } from '@web/core/plugin-host';
import { BACKENDS_PATH, BACKENDS_VIEW, type LoggingBackend, backendKey, createBackend, deleteBackend, updateBackend, validateBackendSpec } from './backendsApi';
import { EMPTY_SPEC_MESSAGE, checkSpec, specToYaml } from './backendSpec';

const YamlEditor = lazy(() => import('@web/core/editor/YamlEditor'));

export const REQUIRED_MESSAGE = 'This field is required';
export const SPEC_LABEL = 'Log backend spec';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM, maxWidth: '960px' },
  types: { display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(140px, 1fr))', gap: tokens.spacingHorizontalS },
  tile: { height: '64px', display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXXS },
  spec: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS },
  problems: { margin: 0, paddingLeft: tokens.spacingHorizontalXL, color: tokens.colorPaletteRedForeground1 },
  hint: { color: tokens.colorNeutralForeground3 },
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

/** The spec a type starts from: its example, ending with a newline so the user types on the next line. */
const exampleOf = (type: LogBackendTypeExtension) => (type.example.endsWith('\n') ? type.example : `${type.example}\n`);

export interface LogBackendFormProps {
  /** null: a new backend. */
  backend: LoggingBackend | null;
  canWrite: boolean;
  /** Where Save, Cancel and Delete return to (the list the page was opened from). */
  listPath?: string;
}

/**
 * Spec 03 Log Backends form: Name, Labels, Spec (YAML: one key, the type, holding its fields), then Save or Update.
 * Submit stays disabled while the form is invalid: no name, a spec that is not one registered type, or what the type
 * itself says of the spec (`POST /api/logs/backends/validate`, 500 ms after the last keystroke). A refused save shows
 * the server's message and keeps everything as typed.
 */
export function LogBackendForm({ backend, canWrite, listPath = BACKENDS_PATH }: LogBackendFormProps) {
  const styles = useStyles();
  const navigate = useNavigate();
  const toast = useToast();
  const { mutate } = useSWRConfig();
  const registry = usePluginRegistry();
  const access = useAccess();
  const existing = backend !== null;
  const readOnly = !canWrite;

  const pickable = registry.getVisibleExtensions('logs.backendTypes', access);
  const allTypes = registry.getExtensions('logs.backendTypes');
  const typeIds = useMemo(() => allTypes.map((type) => type.id), [allTypes]);

  const [name, setName] = useState(backend?.name ?? '');
  const [nameTouched, setNameTouched] = useState(false);
  const [labels, setLabels] = useState<LabelEntry[]>(() => labelsToEntries(backend?.labels));
  const [text, setText] = useState(() => specToYaml(backend?.spec));
  const [busy, setBusy] = useState<null | 'save' | 'delete'>(null);
  const [saveError, setSaveError] = useState<string | null>(null);
  const [confirmDelete, setConfirmDelete] = useState(false);

  const check = checkSpec(text, typeIds);
  const validate = async (yaml: string) => {
    const checked = checkSpec(yaml, typeIds);
    if (!checked.ok) return { errors: [] };
    const answer = await validateBackendSpec(checked.spec);
    return { errors: (answer.errors ?? []).map((message) => ({ message })) };
  };
  const validation = useYamlValidation(text, !readOnly && check.ok, validate);

  const nameMissing = !name.trim();
  const invalid = nameMissing || !check.ok || validation.errors.length > 0;
  const currentType = check.ok ? allTypes.find((type) => type.id === check.type) : undefined;
  const markers: EditorMarker[] =
    !check.ok && check.problem.line ? [{ message: check.problem.message, line: check.problem.line, column: check.problem.column }] : [];

  const refreshCaches = (id: string) =>
    Promise.all([
      mutate((key) => typeof key === 'string' && key.startsWith(dataApiPath(BACKENDS_VIEW))),
      mutate(backendKey(id), undefined, { revalidate: false }),
    ]);

  const save = async () => {
    if (invalid || !check.ok) return;
    setSaveError(null);
    setBusy('save');
    const input = { name: name.trim(), labels: entriesToLabels(labels), spec: check.spec };
    try {
      const id = backend ? (await updateBackend(backend.id, input), backend.id) : (await createBackend(input)).id;
      await refreshCaches(id);
      toast.success(`${input.name} ${backend ? 'updated' : 'created'} successfully`);
      navigate(listPath);
    } catch (error) {
      // Everything stays as typed: the user fixes what the server named.
      setSaveError(errorMessage(error));
      setBusy(null);
    }
  };

  const remove = async () => {
    if (!backend) return;
    setBusy('delete');
    try {
      await deleteBackend(backend.id);
      await refreshCaches(backend.id);
      toast.success(`${backend.name} deleted successfully`);
      navigate(listPath);
    } catch (error) {
      toast.error(error);
      setBusy(null);
      setConfirmDelete(false);
    }
  };

  const submitLabel = existing ? (busy === 'save' ? 'Updating' : 'Update') : busy === 'save' ? 'Saving' : 'Save';
  const specProblem = !check.ok && check.problem.message !== EMPTY_SPEC_MESSAGE ? check.problem : null;

  return (
    <form
      className={styles.root}
      aria-label="Log backend"
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
    >
      <Field label="Name" required validationMessage={nameTouched && nameMissing ? REQUIRED_MESSAGE : undefined}>
        <Input value={name} disabled={existing || readOnly} onChange={(_, data) => setName(data.value)} onBlur={() => setNameTouched(true)} />
      </Field>
      <LabelsEditor labels={labels} onChange={setLabels} disabled={readOnly} />
      {!existing && !readOnly && (
        <div className={styles.spec}>
          <Label id="log-backend-types">Type</Label>
          <div className={styles.types} role="group" aria-labelledby="log-backend-types">
            {pickable.map((type) => {
              const Icon = type.icon ?? DocumentText20Regular;
              return (
                <Button
                  key={type.id}
                  className={styles.tile}
                  appearance={currentType?.id === type.id ? 'primary' : 'outline'}
                  aria-pressed={currentType?.id === type.id}
                  onClick={() => setText(exampleOf(type))}
                >
                  <Icon />
                  {type.label}
                </Button>
              );
            })}
          </div>
          {!pickable.length && <Caption1 className={styles.hint}>No log backend type is installed.</Caption1>}
        </div>
      )}
      <div className={styles.spec}>
        <Label>{currentType ? `Spec (${currentType.label})` : 'Spec'}</Label>
        <Suspense fallback={<Loading label="Loading editor..." />}>
          <YamlEditor value={text} onChange={setText} markers={markers} readOnly={readOnly} ariaLabel={SPEC_LABEL} />
        </Suspense>
        {!check.ok && !specProblem && <Caption1 className={styles.hint}>{EMPTY_SPEC_MESSAGE}</Caption1>}
        {(specProblem || validation.errors.length > 0) && (
          <ul className={styles.problems} aria-label="Spec problems">
            {specProblem && <li>{specProblem.message}</li>}
            {check.ok && validation.errors.map((error, index) => <li key={index}>{error.message}</li>)}
          </ul>
        )}
        {validation.failure && (
          <MessageBar intent="warning">
            <MessageBarBody>Could not validate the spec: {validation.failure}</MessageBarBody>
          </MessageBar>
        )}
      </div>
      {saveError && (
        <MessageBar intent="error" role="alert">
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
          <Button appearance="primary" type="submit" disabled={invalid || busy !== null}>
            {submitLabel}
          </Button>
        )}
      </div>
      <ConfirmDialog
        open={confirmDelete}
        title="Delete log backend"
        message={`Delete ${backend?.name ?? 'this log backend'}? Components whose logs name it show no logs until another backend takes its name.`}
        confirmLabel="Delete"
        busy={busy === 'delete'}
        onConfirm={() => void remove()}
        onCancel={() => setConfirmDelete(false)}
      />
    </form>
  );
}
