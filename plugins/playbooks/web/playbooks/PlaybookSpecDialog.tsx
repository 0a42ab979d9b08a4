import { useState } from 'react';
import { Button, MessageBar, MessageBarBody, Tab, TabList, makeStyles, tokens } from '@fluentui/react-components';
import type { PlaybookDocument } from '@contracts';
import { FormProvider, useForm } from 'react-hook-form';
import { errorMessage, isApiError } from '@web/core/api';
import { Dialog } from '@web/core/components/Dialog';
import { useToast } from '@web/core/components/useToast';
import { isPlainObject } from '@web/core/editor/resourceDocument';
import { YamlCodeTab, describeProblem } from '@web/core/editor/YamlCodeTab';
import type { ValidationError } from '@web/core/editor/useYamlValidation';
import { zodResolver } from '@web/core/forms/zodResolver';
import { useAccess, usePluginRegistry } from '@web/core/plugin-host';
import { PlaybookFormTab } from './PlaybookFormTab';
import { type PlaybookFormValues, newPlaybookValues, playbookFormSchema, playbookValues, starterPlaybookValues } from './playbookDocument';
import { createPlaybook, updatePlaybook, validatePlaybook } from './playbooksApi';
import { usePlaybookText } from './usePlaybookText';

export const PLAYBOOK_CREATED = 'Playbook Spec created successfully';
export const PLAYBOOK_UPDATED = 'Playbook Spec updated successfully';
export const playbookSaveFailed = (existing: boolean, error: unknown) => `Unable to ${existing ? 'update' : 'create'} playbook spec: ${errorMessage(error)}`;

const useStyles = makeStyles({
  body: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  errors: { margin: 0, paddingLeft: tokens.spacingHorizontalXL },
});

const isProblem = (value: unknown): value is ValidationError => isPlainObject(value) && typeof value.message === 'string';

/**
 * Where a refused document's problems are: the 400's `errors` when it lists them; else the validation of the same
 * text (the same rules, placed on their lines); else the 400's message, one problem per '; '.
 */
async function problemsOf(error: unknown, text: string): Promise<ValidationError[]> {
  if (!isApiError(error) || error.status !== 400) return [];
  const body = isPlainObject(error.body) ? error.body : {};
  if (Array.isArray(body.errors) && body.errors.some(isProblem)) return body.errors.filter(isProblem);
  const located = await validatePlaybook(text).then(
    (answer) => answer?.errors ?? [],
    () => [],
  );
  return located.length ? located : error.message.split('; ').map((message) => ({ message }));
}

export interface PlaybookSpecDialogProps {
  /** The playbook as `GET /api/playbooks/{id}` gives it (with its document); null: a new one. */
  stored: PlaybookDocument | null;
  /** Categories of the playbooks there are, offered by the Category field. */
  categories: readonly string[];
  onClose(): void;
  /** After a save: the caller closes the dialog and refreshes its list. */
  onSaved(playbook: PlaybookDocument): void;
}

const FORM_ID = 'playbook-spec-form';

/** Add or edit a playbook (spec 02 spec form); the footer's Save submits the form. */
export function PlaybookSpecDialog({ stored, categories, onClose, onSaved }: PlaybookSpecDialogProps) {
  const [busy, setBusy] = useState(false);
  return (
    <Dialog
      open
      size="large"
      title={stored ? 'Edit Playbook' : 'Add Playbook'}
      onClose={onClose}
      actions={
        <>
          <Button appearance="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button appearance="primary" type="submit" form={FORM_ID} disabled={busy}>
            {busy ? 'Saving...' : 'Save'}
          </Button>
        </>
      }
    >
      <PlaybookSpecForm stored={stored} categories={categories} onBusy={setBusy} onSaved={onSaved} />
    </Dialog>
  );
}

interface PlaybookSpecFormProps extends Pick<PlaybookSpecDialogProps, 'stored' | 'categories' | 'onSaved'> {
  /** Save is the dialog's footer button: it says when a save is under way. */
  onBusy(busy: boolean): void;
}

function storedValues(stored: PlaybookDocument | null): PlaybookFormValues {
  if (!stored) return starterPlaybookValues();
  const parsed = playbookValues(stored.yaml);
  if (parsed.ok) return parsed.values;
  // A stored document always parses; should it not, the row's fields still open the form.
  return { ...newPlaybookValues(), name: stored.name, namespace: stored.namespace, title: stored.title ?? '', icon: stored.icon ?? '' };
}

/**
 * The spec form: Form and Code tabs over one Playbook document, Save sending it as written (`{yaml}`). A failed save
 * keeps everything typed, says why in a toast and shows the 400's problems (on their lines in the Code tab).
 */
function PlaybookSpecForm({ stored, categories, onBusy, onSaved }: PlaybookSpecFormProps) {
  const styles = useStyles();
  const toast = useToast();
  const access = useAccess();
  const actionTypes = usePluginRegistry().getVisibleExtensions('playbooks.actionTypes', access);
  const form = useForm<PlaybookFormValues>({
    defaultValues: storedValues(stored),
    resolver: zodResolver(playbookFormSchema),
    mode: 'onChange',
    shouldFocusError: false,
  });
  const doc = usePlaybookText(form, stored?.yaml ?? null);
  const [tab, setTab] = useState<'form' | 'code'>('form');
  const [blocked, setBlocked] = useState<string | null>(null);
  const [saved, setSaved] = useState<{ text: string; errors: ValidationError[] } | null>(null);
  const saveErrors = saved && saved.text === doc.text ? saved.errors : [];

  const selectTab = (next: 'form' | 'code') => {
    // Switching would throw away text that does not parse: the user stays where the text is, as typed.
    if (next === 'form' && doc.parseError) return setBlocked('Fix the YAML first (the Form tab needs it); your text is kept as typed.');
    if (next === 'code' && doc.formError)
      return setBlocked('Fix the Spec YAML first (the Code tab writes the whole document from it); your text is kept as typed.');
    setBlocked(null);
    setTab(next);
  };

  const send = async (text: string) => {
    onBusy(true);
    try {
      const playbook = stored ? await updatePlaybook(stored.id, text) : await createPlaybook(text);
      toast.success(stored ? PLAYBOOK_UPDATED : PLAYBOOK_CREATED);
      onSaved(playbook);
    } catch (error) {
      toast.error(playbookSaveFailed(stored !== null, error));
      const errors = await problemsOf(error, text);
      setSaved({ text, errors });
      if (errors.some((e) => e.line !== undefined)) setTab('code');
      onBusy(false);
    }
  };

  const save = async () => {
    setBlocked(null);
    // The Code tab shows its parse error on its line already.
    if (doc.parseError) return setTab('code');
    const text = doc.text;
    await form.handleSubmit(
      () => send(text),
      () => setTab('form'),
    )();
  };

  return (
    <form
      id={FORM_ID}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
    >
      <div className={styles.body}>
        <TabList selectedValue={tab} onTabSelect={(_, d) => selectTab(d.value as 'form' | 'code')}>
          <Tab value="form">Form</Tab>
          <Tab value="code">Code</Tab>
        </TabList>
        {blocked && (
          <MessageBar intent="warning">
            <MessageBarBody>{blocked}</MessageBarBody>
          </MessageBar>
        )}
        {tab === 'form' ? (
          <FormProvider {...form}>
            <PlaybookFormTab categories={categories} actionTypes={actionTypes} />
            {saveErrors.length > 0 && (
              <MessageBar intent="error" data-testid="save-errors">
                <MessageBarBody>
                  <ul className={styles.errors}>
                    {saveErrors.map((error, index) => (
                      <li key={index}>{describeProblem(error)}</li>
                    ))}
                  </ul>
                </MessageBarBody>
              </MessageBar>
            )}
          </FormProvider>
        ) : (
          // The whole document, checked by POST /api/playbooks/validate as the user types; the save's problems marked too.
          <YamlCodeTab
            text={doc.text}
            onChange={doc.setText}
            parseError={doc.parseError}
            readOnly={false}
            ariaLabel="Playbook YAML"
            validate={validatePlaybook}
            saveErrors={saveErrors}
          />
        )}
      </div>
    </form>
  );
}
