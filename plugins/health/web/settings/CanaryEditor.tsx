import { useMemo, useState } from 'react';
import { FormProvider, useForm, useWatch } from 'react-hook-form';
import { Button, MessageBar, MessageBarBody, Tab, TabList, makeStyles, tokens } from '@fluentui/react-components';
import { Add20Regular, Delete20Regular, HeartPulse20Regular } from '@fluentui/react-icons';
import { useNavigate } from 'react-router';
import { useSWRConfig } from 'swr';
import { DATA_API, errorMessage } from '@web/core/api';
import { usePermissions } from '@web/core/auth';
import { ConfirmDialog } from '@web/core/components/ConfirmDialog';
import { useToast } from '@web/core/components/useToast';
import { useFeatures } from '@web/core/features';
import { labelsToEntries } from '@web/core/editor/LabelsEditor';
import { CUSTOM_TYPE, TypePicker } from '@web/core/editor/TypePicker';
import { YamlCodeTab } from '@web/core/editor/YamlCodeTab';
import { zodResolver } from '@web/core/forms/zodResolver';
import { useCheckTypes } from '../checkTypes';
import { CANARIES_SETTINGS_PATH, type CanaryDocument, canaryKey, createCanary, deleteCanary, updateCanary, validateCanary } from '../healthApi';
import { CanaryFormTab } from './CanaryFormTab';
import { CanaryJobHistory } from './CanaryJobHistory';
import {
  type CanaryModel,
  type YamlProblem,
  addCheck,
  canaryFormSchema,
  checkCount,
  formProblems,
  newCanaryModel,
  parseCanaryYaml,
  toCanaryInput,
  toYaml,
} from './canaryDocument';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  section: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  addCheck: { alignSelf: 'flex-start' },
  // The actions stay in view at the bottom of the page however long the form is (a 900-pixel-high screen included).
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

type EditorTab = 'form' | 'code' | 'jobHistory';

const validateCanaryYaml = (yaml: string) => validateCanary({ yaml });

/**
 * What the user typed in the Code tab: kept as typed while it does not parse, or while the form still holds what it
 * parsed to (`yaml`: that model written out); once the form changes, the Code tab shows the form's document again.
 */
interface TypedText {
  text: string;
  parseError: YamlProblem | null;
  yaml: string | null;
}

export function modelOf(canary: CanaryDocument | null): CanaryModel {
  if (!canary) return newCanaryModel();
  return { name: canary.name, namespace: canary.namespace, labels: labelsToEntries(canary.labels), spec: canary.spec ?? {} };
}

export interface CanaryEditorProps {
  /** null: a new canary. */
  canary: CanaryDocument | null;
  canWrite: boolean;
}

/** Type picker, then the Form/Code editor of one canary document, with Save/Update, Cancel and Delete (spec 03 §2). */
export function CanaryEditor({ canary, canWrite }: CanaryEditorProps) {
  const styles = useStyles();
  const navigate = useNavigate();
  const toast = useToast();
  const { mutate } = useSWRConfig();
  const checkTypes = useCheckTypes();
  const existing = canary !== null;
  const readOnly = !canWrite;
  const { can } = usePermissions();
  const { isEnabled } = useFeatures();
  // Job history is the settings area's own resource (read on `database`, feature settings.job_history).
  const showJobHistory = existing && can('database', 'read') && isEnabled('settings.job_history');

  const resolver = useMemo(() => zodResolver(canaryFormSchema(checkTypes)), [checkTypes]);
  // Malformed values are flagged as they are typed; "required" waits for the first Save (FieldSpecForm).
  const form = useForm<CanaryModel>({ defaultValues: modelOf(canary), resolver, mode: 'onChange', shouldFocusError: false });
  useWatch({ control: form.control });
  const formText = toYaml(form.getValues());
  const [typed, setTyped] = useState<TypedText | null>(null);
  const current = typed && (typed.parseError || typed.yaml === formText) ? typed : null;
  const text = current?.text ?? formText;
  const parseError = current?.parseError ?? null;

  const [tab, setTab] = useState<EditorTab>('form');
  const [tabBlocked, setTabBlocked] = useState(false);
  const [showPicker, setShowPicker] = useState(
    () =>
      !existing &&
      checkCount(
        form.getValues('spec'),
        checkTypes.map((t) => t.id),
      ) === 0,
  );
  const [busy, setBusy] = useState<null | 'save' | 'delete'>(null);
  const [saveError, setSaveError] = useState<string | null>(null);
  const [confirmDelete, setConfirmDelete] = useState(false);

  const setText = (next: string) => {
    const parsed = parseCanaryYaml(next);
    if (!parsed.ok) return setTyped({ text: next, parseError: parsed.error, yaml: null });
    if (canary && (parsed.model.name !== canary.name || parsed.model.namespace !== canary.namespace)) {
      const message = `metadata.name and metadata.namespace of an existing canary cannot change (${canary.namespace}/${canary.name})`;
      return setTyped({ text: next, parseError: { message }, yaml: null });
    }
    setTabBlocked(false);
    form.reset(parsed.model, { keepIsSubmitted: true });
    void form.trigger();
    setTyped({ text: next, parseError: null, yaml: toYaml(parsed.model) });
  };
  const selectTab = (next: EditorTab) => {
    // Unparseable YAML stays in the Code tab: switching would throw the typed text away.
    if (next === 'form' && parseError) return setTabBlocked(true);
    setTabBlocked(false);
    setTab(next);
  };
  const pickType = (type: string) => {
    // A check is added to the document, so the YAML must parse first; the text stays as typed.
    if (parseError && type !== CUSTOM_TYPE) return setTabBlocked(true);
    setShowPicker(false);
    if (type === CUSTOM_TYPE) return selectTab('code');
    form.setValue('spec', addCheck(form.getValues('spec'), type), { shouldValidate: true });
    setTab('form');
  };

  const refreshCaches = (id: string) =>
    Promise.all([
      mutate((key) => typeof key === 'string' && key.startsWith(`${DATA_API}/canaries_with_status`)),
      mutate(canaryKey(id), undefined, { revalidate: false }),
    ]);

  const save = async () => {
    setSaveError(null);
    // The Code tab shows a YAML error already, on its line: saying it again under the editor helps nobody.
    if (parseError) return tab === 'code' ? undefined : setSaveError(parseError.message);
    await form.handleSubmit(send, () => setSaveError(formProblems(form.getValues(), checkTypes).join('; ')))();
  };

  const send = async (model: CanaryModel) => {
    const input = toCanaryInput(model);
    setBusy('save');
    try {
      const saved = canary ? await updateCanary(canary.id, input) : await createCanary(input);
      await refreshCaches(saved.id);
      toast.success(`${saved.name} ${canary ? 'updated' : 'created'} successfully`);
      navigate(CANARIES_SETTINGS_PATH);
    } catch (error) {
      setSaveError(errorMessage(error));
      toast.error(error);
      setBusy(null);
    }
  };

  const remove = async () => {
    if (!canary) return;
    setBusy('delete');
    try {
      await deleteCanary(canary.id);
      await refreshCaches(canary.id);
      toast.success(`${canary.name} deleted successfully`);
      navigate(CANARIES_SETTINGS_PATH);
    } catch (error) {
      toast.error(error);
      setBusy(null);
      setConfirmDelete(false);
    }
  };

  const saveLabel = existing ? (busy === 'save' ? 'Updating' : 'Update') : busy === 'save' ? 'Saving' : 'Save';

  return (
    <div className={styles.root}>
      {canWrite && (
        <div className={styles.section}>
          {showPicker ? (
            <TypePicker
              types={checkTypes}
              ariaLabel="Check types"
              fallbackIcon={HeartPulse20Regular}
              onPick={pickType}
              mayUse={(type) => !type.savePermission || can(type.savePermission.resource, type.savePermission.action)}
            />
          ) : (
            <Button className={styles.addCheck} icon={<Add20Regular />} onClick={() => setShowPicker(true)}>
              Add check
            </Button>
          )}
        </div>
      )}
      <TabList selectedValue={tab} onTabSelect={(_, data) => selectTab(data.value as EditorTab)}>
        <Tab value="form">Form</Tab>
        <Tab value="code">Code</Tab>
        {showJobHistory && <Tab value="jobHistory">Job History</Tab>}
      </TabList>
      {tabBlocked && (
        <MessageBar intent="warning">
          <MessageBarBody>Fix the YAML first (switching to the Form tab or adding a check needs it); your text is kept as typed.</MessageBarBody>
        </MessageBar>
      )}
      {tab === 'form' && (
        <FormProvider {...form}>
          <CanaryFormTab types={checkTypes} existing={existing} readOnly={readOnly} />
        </FormProvider>
      )}
      {tab === 'code' && (
        <YamlCodeTab text={text} onChange={setText} parseError={parseError} readOnly={readOnly} ariaLabel="Canary YAML" validate={validateCanaryYaml} />
      )}
      {tab === 'jobHistory' && canary && <CanaryJobHistory canaryId={canary.id} />}
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
        <Button appearance="secondary" disabled={busy !== null} onClick={() => navigate(CANARIES_SETTINGS_PATH)}>
          Cancel
        </Button>
        {canWrite && (
          <Button appearance="primary" disabled={busy !== null} onClick={save}>
            {saveLabel}
          </Button>
        )}
      </div>
      <ConfirmDialog
        open={confirmDelete}
        title="Delete health check"
        message={`Delete ${canary?.name ?? 'this canary'} and its checks?`}
        confirmLabel="Delete"
        busy={busy === 'delete'}
        onConfirm={remove}
        onCancel={() => setConfirmDelete(false)}
      />
    </div>
  );
}
