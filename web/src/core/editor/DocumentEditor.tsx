import { type ReactNode, useState } from 'react';
import { FormProvider, type Resolver, useForm } from 'react-hook-form';
import { Button, MessageBar, MessageBarBody, Tab, TabList, makeStyles, tokens } from '@fluentui/react-components';
import { Add20Regular, Delete20Regular, type FluentIcon } from '@fluentui/react-icons';
import { useNavigate } from 'react-router';
import { useSWRConfig } from 'swr';
import { DATA_API, errorMessage } from '@web/core/api';
import { ConfirmDialog } from '@web/core/components/ConfirmDialog';
import { useToast } from '@web/core/components/useToast';
import type { TypeExtension } from '@web/core/plugin-host';
import { CUSTOM_TYPE, TypePicker } from './TypePicker';
import { YamlCodeTab } from './YamlCodeTab';
import { type ResourceModel, type ResourceParseResult, type StoredResource, modelOfResource, specEntryCount } from './resourceDocument';
import { useDocumentText } from './useDocumentText';
import type { ValidateYaml } from './useYamlValidation';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  add: { alignSelf: 'flex-start' },
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

/** The words of one editor: `entry` names what the picker adds (`check`, `scraper`), `resource` what is saved. */
export interface DocumentEditorLabels {
  /** `canary`, `scraper`. */
  resource: string;
  /** `check`, `scraper`: 'Add check', 'adding a check'. */
  entry: string;
  /** The type picker's accessible name, e.g. 'Check types'. */
  types: string;
  /** The Code tab editor's accessible name, e.g. 'Canary YAML'. */
  yaml: string;
  deleteTitle: string;
  deleteMessage(name: string | undefined): string;
}

/** A form that checks itself as typed (react-hook-form + zod): Save goes through it and says its problems. */
export interface DocumentFormValidation {
  resolver: Resolver<ResourceModel>;
  /** Why Save is refused, as the save error says it. */
  problems(model: ResourceModel): string[];
}

export interface DocumentEditorProps {
  /** null: a new resource. */
  stored: (StoredResource & { yaml?: string | null }) | null;
  canWrite: boolean;
  /** Where Save, Cancel and Delete return to. */
  listPath: string;
  labels: DocumentEditorLabels;
  /** The registered types, in their order (`health.checkTypes`, `catalog.scraperTypes`). */
  types: readonly TypeExtension[];
  fallbackIcon: FluentIcon;
  mayUse?(type: TypeExtension): boolean;
  newModel(): ResourceModel;
  toYaml(model: ResourceModel): string;
  parse(text: string): ResourceParseResult;
  /** The spec with a new entry of the picked type. */
  addEntry(spec: Record<string, unknown>, type: string): Record<string, unknown>;
  /** Show the stored document as written (comments and order kept) until the form changes. */
  keepStoredText?: boolean;
  validation?: DocumentFormValidation;
  /** Save stays disabled while the form does not validate or the Code tab does not parse (spec 03: topologies). */
  disableSaveWhileInvalid?: boolean;
  validate: ValidateYaml;
  /** Create (id null) or update; the model and the document's text, whichever the resource's API takes. */
  save(id: string | null, model: ResourceModel, text: string): Promise<{ id: string; name: string }>;
  remove(id: string): Promise<unknown>;
  /** The data-API view of the list (`canaries_with_status`), refreshed after a save or delete. */
  listView: string;
  /** The resource's own SWR key, dropped after a save or delete. */
  resourceKey(id: string): string;
  /** The Form tab, inside the editor's FormProvider. */
  formTab(props: { existing: boolean; readOnly: boolean; validates: boolean }): ReactNode;
  /** Tabs after Form and Code (a canary's Job History). */
  extraTabs?: readonly { value: string; label: string; content: ReactNode }[];
}

/**
 * A spec 03 resource spec editor: the type picker (every registered type, then Custom = Code tab), Form/Code tabs over
 * one YAML document, Save/Update, Cancel and Delete. Unparseable YAML keeps the user in the Code tab as typed.
 */
export function DocumentEditor(props: DocumentEditorProps) {
  const { stored, canWrite, listPath, labels, types, validation } = props;
  const styles = useStyles();
  const navigate = useNavigate();
  const toast = useToast();
  const { mutate } = useSWRConfig();
  const existing = stored !== null;
  const readOnly = !canWrite;
  const validates = validation !== undefined;

  const form = useForm<ResourceModel>({
    defaultValues: modelOfResource(stored, props.newModel),
    ...(validation ? { resolver: validation.resolver, mode: 'onChange', shouldFocusError: false } : {}),
  });
  const [tab, setTab] = useState<string>('form');
  const [tabBlocked, setTabBlocked] = useState(false);
  const { text, parseError, setText } = useDocumentText(form, {
    stored,
    storedText: props.keepStoredText ? stored?.yaml : null,
    noun: labels.resource,
    toYaml: props.toYaml,
    parse: props.parse,
    validates,
    onParsed: () => setTabBlocked(false),
  });
  const [showPicker, setShowPicker] = useState(
    () =>
      !existing &&
      specEntryCount(
        form.getValues('spec'),
        types.map((t) => t.id),
      ) === 0,
  );
  const [busy, setBusy] = useState<null | 'save' | 'delete'>(null);
  const [saveError, setSaveError] = useState<string | null>(null);
  const [confirmDelete, setConfirmDelete] = useState(false);

  const selectTab = (next: string) => {
    // Unparseable YAML stays in the Code tab: switching would throw the typed text away.
    if (next === 'form' && parseError) return setTabBlocked(true);
    setTabBlocked(false);
    setTab(next);
  };
  const pickType = (type: string) => {
    // An entry is added to the document, so the YAML must parse first; the text stays as typed.
    if (parseError && type !== CUSTOM_TYPE) return setTabBlocked(true);
    setShowPicker(false);
    if (type === CUSTOM_TYPE) return selectTab('code');
    form.setValue('spec', props.addEntry(form.getValues('spec'), type), { shouldValidate: validates });
    setTab('form');
  };

  const refreshCaches = (id: string) =>
    Promise.all([
      mutate((key) => typeof key === 'string' && key.startsWith(`${DATA_API}/${props.listView}`)),
      mutate(props.resourceKey(id), undefined, { revalidate: false }),
    ]);

  const send = async (model: ResourceModel) => {
    setBusy('save');
    try {
      const saved = await props.save(stored?.id ?? null, model, text);
      await refreshCaches(saved.id);
      toast.success(`${saved.name} ${stored ? 'updated' : 'created'} successfully`);
      navigate(listPath);
    } catch (error) {
      // The document stays as typed: the user fixes what the server named.
      setSaveError(errorMessage(error));
      toast.error(error);
      setBusy(null);
    }
  };

  const save = async () => {
    setSaveError(null);
    // The Code tab shows a YAML error already, on its line: saying it again under the editor helps nobody.
    if (parseError) return tab === 'code' ? undefined : setSaveError(parseError.message);
    if (!validation) return send(form.getValues());
    await form.handleSubmit(send, () => setSaveError(validation.problems(form.getValues()).join('; ')))();
  };

  const remove = async () => {
    if (!stored) return;
    setBusy('delete');
    try {
      await props.remove(stored.id);
      await refreshCaches(stored.id);
      toast.success(`${stored.name} deleted successfully`);
      navigate(listPath);
    } catch (error) {
      toast.error(error);
      setBusy(null);
      setConfirmDelete(false);
    }
  };

  const saveLabel = existing ? (busy === 'save' ? 'Updating' : 'Update') : busy === 'save' ? 'Saving' : 'Save';

  return (
    <div className={styles.root}>
      {canWrite &&
        (showPicker ? (
          <TypePicker types={types} ariaLabel={labels.types} fallbackIcon={props.fallbackIcon} onPick={pickType} mayUse={props.mayUse} />
        ) : (
          <Button className={styles.add} icon={<Add20Regular />} onClick={() => setShowPicker(true)}>
            {`Add ${labels.entry}`}
          </Button>
        ))}
      <TabList selectedValue={tab} onTabSelect={(_, data) => selectTab(data.value as string)}>
        <Tab value="form">Form</Tab>
        <Tab value="code">Code</Tab>
        {props.extraTabs?.map((extra) => (
          <Tab key={extra.value} value={extra.value}>
            {extra.label}
          </Tab>
        ))}
      </TabList>
      {tabBlocked && (
        <MessageBar intent="warning">
          <MessageBarBody>{`Fix the YAML first (switching to the Form tab or adding a ${labels.entry} needs it); your text is kept as typed.`}</MessageBarBody>
        </MessageBar>
      )}
      {tab === 'form' && <FormProvider {...form}>{props.formTab({ existing, readOnly, validates })}</FormProvider>}
      {tab === 'code' && (
        <YamlCodeTab text={text} onChange={setText} parseError={parseError} readOnly={readOnly} ariaLabel={labels.yaml} validate={props.validate} />
      )}
      {props.extraTabs?.find((extra) => extra.value === tab)?.content}
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
          <Button
            appearance="primary"
            disabled={busy !== null || (props.disableSaveWhileInvalid === true && (Boolean(parseError) || (validates && !form.formState.isValid)))}
            onClick={save}
          >
            {saveLabel}
          </Button>
        )}
      </div>
      <ConfirmDialog
        open={confirmDelete}
        title={labels.deleteTitle}
        message={labels.deleteMessage(stored?.name)}
        confirmLabel="Delete"
        busy={busy === 'delete'}
        onConfirm={remove}
        onCancel={() => setConfirmDelete(false)}
      />
    </div>
  );
}
