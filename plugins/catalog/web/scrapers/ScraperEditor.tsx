import { useState } from 'react';
import { FormProvider, useForm, useWatch } from 'react-hook-form';
import { Button, MessageBar, MessageBarBody, Tab, TabList, makeStyles, tokens } from '@fluentui/react-components';
import { Add20Regular, Delete20Regular, DocumentSearch20Regular } from '@fluentui/react-icons';
import { useNavigate } from 'react-router';
import { useSWRConfig } from 'swr';
import { DATA_API, errorMessage } from '@web/core/api';
import { ConfirmDialog } from '@web/core/components/ConfirmDialog';
import { useToast } from '@web/core/components/useToast';
import { labelsToEntries } from '@web/core/editor/LabelsEditor';
import { CUSTOM_TYPE, TypePicker } from '@web/core/editor/TypePicker';
import { YamlCodeTab } from '@web/core/editor/YamlCodeTab';
import type { YamlProblem } from '@web/core/editor/yamlEditorTypes';
import { usePluginRegistry } from '@web/core/plugin-host';
import { ScraperFormTab } from './ScraperFormTab';
import { type ScraperModel, addScraper, newScraperModel, parseScraperYaml, scraperGroups, toScraperYaml } from './scraperDocument';
import { type ScraperDocument, createScraper, deleteScraper, scraperKey, updateScraper, validateScraper } from './scrapersApi';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  add: { alignSelf: 'flex-start' },
  // The actions stay in view at the bottom of the page however long the form is.
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

type EditorTab = 'form' | 'code';

/** The Code tab's own text while it does not parse, or while the form still holds what it parsed to (`yaml`). */
interface TypedText {
  text: string;
  parseError: YamlProblem | null;
  yaml: string | null;
}

function modelOf(scraper: ScraperDocument | null): ScraperModel {
  if (!scraper) return newScraperModel();
  return { name: scraper.name, namespace: scraper.namespace, labels: labelsToEntries(scraper.labels), spec: scraper.spec ?? {} };
}

export interface ScraperEditorProps {
  /** null: a new scraper. */
  scraper: ScraperDocument | null;
  canWrite: boolean;
  /** Where Save, Cancel and Delete return to (the list the page was opened from). */
  listPath: string;
}

/**
 * The scraper editor (spec 03 resource spec editors): the type picker (every `catalog.scraperTypes` type, then
 * Custom = Code tab), Form/Code tabs over one ScrapeConfig document, Save/Update (`{yaml}`), Cancel and Delete.
 */
export function ScraperEditor({ scraper, canWrite, listPath }: ScraperEditorProps) {
  const styles = useStyles();
  const navigate = useNavigate();
  const toast = useToast();
  const { mutate } = useSWRConfig();
  const types = usePluginRegistry().getExtensions('catalog.scraperTypes');
  const existing = scraper !== null;
  const readOnly = !canWrite;

  const form = useForm<ScraperModel>({ defaultValues: modelOf(scraper) });
  useWatch({ control: form.control });
  const formText = toScraperYaml(form.getValues());
  // An existing scraper opens on its stored document as written (comments and order kept) until the form changes.
  const [typed, setTyped] = useState<TypedText | null>(() => (scraper?.yaml ? { text: scraper.yaml, parseError: null, yaml: formText } : null));
  const current = typed && (typed.parseError || typed.yaml === formText) ? typed : null;
  const text = current?.text ?? formText;
  const parseError = current?.parseError ?? null;

  const [tab, setTab] = useState<EditorTab>('form');
  const [tabBlocked, setTabBlocked] = useState(false);
  const [showPicker, setShowPicker] = useState(
    () =>
      !existing &&
      scraperGroups(
        form.getValues('spec'),
        types.map((t) => t.id),
      ).length === 0,
  );
  const [busy, setBusy] = useState<null | 'save' | 'delete'>(null);
  const [saveError, setSaveError] = useState<string | null>(null);
  const [confirmDelete, setConfirmDelete] = useState(false);

  const setText = (next: string) => {
    const parsed = parseScraperYaml(next);
    if (!parsed.ok) return setTyped({ text: next, parseError: parsed.error, yaml: null });
    if (scraper && (parsed.model.name !== scraper.name || parsed.model.namespace !== scraper.namespace)) {
      const message = `metadata.name and metadata.namespace of an existing scraper cannot change (${scraper.namespace}/${scraper.name})`;
      return setTyped({ text: next, parseError: { message }, yaml: null });
    }
    setTabBlocked(false);
    form.reset(parsed.model);
    setTyped({ text: next, parseError: null, yaml: toScraperYaml(parsed.model) });
  };
  const selectTab = (next: EditorTab) => {
    // Unparseable YAML stays in the Code tab: switching would throw the typed text away.
    if (next === 'form' && parseError) return setTabBlocked(true);
    setTabBlocked(false);
    setTab(next);
  };
  const pickType = (type: string) => {
    if (parseError && type !== CUSTOM_TYPE) return setTabBlocked(true);
    setShowPicker(false);
    if (type === CUSTOM_TYPE) return selectTab('code');
    form.setValue('spec', addScraper(form.getValues('spec'), type));
    setTab('form');
  };

  const refreshCaches = (id: string) =>
    Promise.all([
      mutate((key) => typeof key === 'string' && key.startsWith(`${DATA_API}/config_scrapers_with_status`)),
      mutate(scraperKey(id), undefined, { revalidate: false }),
    ]);

  const save = async () => {
    setSaveError(null);
    // The Code tab shows a YAML error already, on its line.
    if (parseError) return tab === 'code' ? undefined : setSaveError(parseError.message);
    setBusy('save');
    try {
      const saved = scraper ? await updateScraper(scraper.id, text) : await createScraper(text);
      await refreshCaches(saved.id);
      toast.success(`${saved.name} ${scraper ? 'updated' : 'created'} successfully`);
      navigate(listPath);
    } catch (error) {
      // The document stays as typed: the user fixes what the server named.
      setSaveError(errorMessage(error));
      toast.error(error);
      setBusy(null);
    }
  };

  const remove = async () => {
    if (!scraper) return;
    setBusy('delete');
    try {
      await deleteScraper(scraper.id);
      await refreshCaches(scraper.id);
      toast.success(`${scraper.name} deleted successfully`);
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
          <TypePicker types={types} onPick={pickType} ariaLabel="Scraper types" fallbackIcon={DocumentSearch20Regular} />
        ) : (
          <Button className={styles.add} icon={<Add20Regular />} onClick={() => setShowPicker(true)}>
            Add scraper
          </Button>
        ))}
      <TabList selectedValue={tab} onTabSelect={(_, data) => selectTab(data.value as EditorTab)}>
        <Tab value="form">Form</Tab>
        <Tab value="code">Code</Tab>
      </TabList>
      {tabBlocked && (
        <MessageBar intent="warning">
          <MessageBarBody>Fix the YAML first (switching to the Form tab or adding a scraper needs it); your text is kept as typed.</MessageBarBody>
        </MessageBar>
      )}
      {tab === 'form' && (
        <FormProvider {...form}>
          <ScraperFormTab types={types} existing={existing} readOnly={readOnly} />
        </FormProvider>
      )}
      {tab === 'code' && (
        <YamlCodeTab text={text} onChange={setText} parseError={parseError} readOnly={readOnly} ariaLabel="Scraper YAML" validate={validateScraper} />
      )}
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
          <Button appearance="primary" disabled={busy !== null} onClick={save}>
            {saveLabel}
          </Button>
        )}
      </div>
      <ConfirmDialog
        open={confirmDelete}
        title="Delete scraper"
        message={`Delete ${scraper?.name ?? 'this scraper'}? Its configs stay in the catalogue.`}
        confirmLabel="Delete"
        busy={busy === 'delete'}
        onConfirm={remove}
        onCancel={() => setConfirmDelete(false)}
      />
    </div>
  );
}
