import { useMemo, useState } from 'react';
import { Button, MessageBar, MessageBarBody, Tab, TabList, makeStyles, tokens } from '@fluentui/react-components';
import { Add20Regular, Delete20Regular } from '@fluentui/react-icons';
import { useNavigate } from 'react-router';
import { useSWRConfig } from 'swr';
import { CHECK_TYPE_LABELS } from '@contracts';
import { DATA_API, errorMessage } from '@web/core/api';
import { usePermissions } from '@web/core/auth';
import { ConfirmDialog } from '@web/core/components/ConfirmDialog';
import { useToast } from '@web/core/components/useToast';
import { useFeatures } from '@web/core/features';
import { usePluginRegistry } from '@web/core/plugin-host';
import { CANARIES_SETTINGS_PATH, type CanaryDocument, canaryKey, createCanary, deleteCanary, updateCanary } from '../healthApi';
import { CanaryCodeTab } from './CanaryCodeTab';
import { CanaryFormTab } from './CanaryFormTab';
import { CanaryJobHistory } from './CanaryJobHistory';
import { CUSTOM_TYPE, CheckTypePicker } from './CheckTypePicker';
import {
  type CanaryModel,
  type YamlProblem,
  addCheck,
  checkCount,
  formProblems,
  labelsToEntries,
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

/** The editor's one source of truth: the model, and the text shown in the Code tab (kept even when it does not parse). */
interface DocumentState {
  model: CanaryModel;
  text: string;
  parseError: YamlProblem | null;
}

export function modelOf(canary: CanaryDocument | null): CanaryModel {
  if (!canary) return newCanaryModel();
  return { name: canary.name, namespace: canary.namespace, labels: labelsToEntries(canary.labels), spec: canary.spec ?? {} };
}

const typeLabel = (type: string) => CHECK_TYPE_LABELS[type] ?? type;

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
  const checkTypes = usePluginRegistry().getExtensions('health.checkTypes');
  const existing = canary !== null;
  const readOnly = !canWrite;
  const { can } = usePermissions();
  const { isEnabled } = useFeatures();
  // Job history is the settings area's own resource (read on `database`, feature settings.job_history).
  const showJobHistory = existing && can('database', 'read') && isEnabled('settings.job_history');

  const [doc, setDoc] = useState<DocumentState>(() => {
    const model = modelOf(canary);
    return { model, text: toYaml(model), parseError: null };
  });
  const [tab, setTab] = useState<EditorTab>('form');
  const [tabBlocked, setTabBlocked] = useState(false);
  const [showPicker, setShowPicker] = useState(!existing && checkCount(doc.model.spec) === 0);
  const [showRequired, setShowRequired] = useState(false);
  const [busy, setBusy] = useState<null | 'save' | 'delete'>(null);
  const [saveError, setSaveError] = useState<string | null>(null);
  const [confirmDelete, setConfirmDelete] = useState(false);

  const fieldsByType = useMemo(() => new Map(checkTypes.filter((t) => t.fields).map((t) => [t.id, t.fields!])), [checkTypes]);
  const problems = formProblems(doc.model, fieldsByType, typeLabel);

  const setModel = (model: CanaryModel) => setDoc({ model, text: toYaml(model), parseError: null });
  const setText = (text: string) => {
    const parsed = parseCanaryYaml(text);
    if (!parsed.ok) return setDoc((current) => ({ ...current, text, parseError: parsed.error }));
    if (canary && (parsed.model.name !== canary.name || parsed.model.namespace !== canary.namespace)) {
      const message = `metadata.name and metadata.namespace of an existing canary cannot change (${canary.namespace}/${canary.name})`;
      return setDoc((current) => ({ ...current, text, parseError: { message } }));
    }
    setTabBlocked(false);
    setDoc({ model: parsed.model, text, parseError: null });
  };
  const selectTab = (next: EditorTab) => {
    // Unparseable YAML stays in the Code tab: switching would throw the typed text away.
    if (next === 'form' && doc.parseError) return setTabBlocked(true);
    setTabBlocked(false);
    setTab(next);
  };
  const pickType = (type: string) => {
    // A check is added to the document, so the YAML must parse first; the text stays as typed.
    if (doc.parseError && type !== CUSTOM_TYPE) return setTabBlocked(true);
    setShowPicker(false);
    if (type === CUSTOM_TYPE) return selectTab('code');
    setModel({ ...doc.model, spec: addCheck(doc.model.spec, type) });
    setTab('form');
  };

  const refreshCaches = (id: string) =>
    Promise.all([mutate((key) => typeof key === 'string' && key.startsWith(`${DATA_API}/canaries_with_status`)), mutate(canaryKey(id), undefined, { revalidate: false })]);

  const save = async () => {
    setSaveError(null);
    // The Code tab shows a YAML error already, on its line: saying it again under the editor helps nobody.
    if (doc.parseError) return tab === 'code' ? undefined : setSaveError(doc.parseError.message);
    if (problems.length) {
      setShowRequired(true);
      return setSaveError(problems.join('; '));
    }
    const input = toCanaryInput(doc.model);
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
            <CheckTypePicker
              contributed={checkTypes}
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
        <CanaryFormTab model={doc.model} onChange={setModel} checkTypes={checkTypes} existing={existing} readOnly={readOnly} showRequired={showRequired} />
      )}
      {tab === 'code' && <CanaryCodeTab text={doc.text} onChange={setText} parseError={doc.parseError} readOnly={readOnly} />}
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
