import { useMemo } from 'react';
import { HeartPulse20Regular } from '@fluentui/react-icons';
import { usePermissions } from '@web/core/auth';
import { DocumentEditor, type DocumentEditorLabels, type DocumentFormValidation } from '@web/core/editor/DocumentEditor';
import { ResourceFormTab } from '@web/core/editor/ResourceFormTab';
import type { ResourceModel } from '@web/core/editor/resourceDocument';
import { zodResolver } from '@web/core/forms/zodResolver';
import { useCheckTypes } from '../checkTypes';
import { CANARIES_SETTINGS_PATH, type CanaryDocument, canaryKey, createCanary, deleteCanary, updateCanary, validateCanary } from '../healthApi';
import { CheckFields } from './CheckFields';
import { addCheck, canaryFormSchema, formProblems, newCanaryModel, parseCanaryYaml, toCanaryInput, toYaml } from './canaryDocument';

const LABELS: DocumentEditorLabels = {
  resource: 'canary',
  entry: 'check',
  types: 'Check types',
  yaml: 'Canary YAML',
  deleteTitle: 'Delete health check',
  deleteMessage: (name) => `Delete ${name ?? 'this canary'} and its checks?`,
};

const validateCanaryYaml = (yaml: string) => validateCanary({ yaml });
/** The canary is sent as `{name, namespace, labels, spec}` from the form's model. */
const saveCanary = (id: string | null, model: ResourceModel) => (id ? updateCanary(id, toCanaryInput(model)) : createCanary(toCanaryInput(model)));
const addNamedCheck = (spec: Record<string, unknown>, type: string) => addCheck(spec, type);

export interface CanaryEditorProps {
  /** null: a new canary. */
  canary: CanaryDocument | null;
  canWrite: boolean;
  /** Where Save, Cancel and Delete return to (the list the page was opened from). */
  listPath?: string;
}

/**
 * Type picker, then the Form/Code editor of one canary document, with Save/Update, Cancel and Delete (spec 03 §2;
 * core `DocumentEditor`). The form is react-hook-form + zod: malformed values are flagged as they are typed,
 * "required" waits for the first Save (FieldSpecForm).
 */
export function CanaryEditor({ canary, canWrite, listPath = CANARIES_SETTINGS_PATH }: CanaryEditorProps) {
  const checkTypes = useCheckTypes();
  const { can } = usePermissions();
  const validation = useMemo<DocumentFormValidation>(
    () => ({ resolver: zodResolver(canaryFormSchema(checkTypes)), problems: (model) => formProblems(model, checkTypes) }),
    [checkTypes],
  );

  return (
    <DocumentEditor
      stored={canary}
      canWrite={canWrite}
      listPath={listPath}
      labels={LABELS}
      types={checkTypes}
      fallbackIcon={HeartPulse20Regular}
      mayUse={(type) => !type.savePermission || can(type.savePermission.resource, type.savePermission.action)}
      newModel={newCanaryModel}
      toYaml={toYaml}
      parse={parseCanaryYaml}
      addEntry={addNamedCheck}
      validation={validation}
      validate={validateCanaryYaml}
      save={saveCanary}
      remove={deleteCanary}
      listView="canaries_with_status"
      resourceKey={canaryKey}
      formTab={({ existing, readOnly, validates }) => (
        <ResourceFormTab
          types={checkTypes}
          existing={existing}
          readOnly={readOnly}
          validates={validates}
          entry="check"
          schedule="select"
          entryForm={(type, name) => (type?.fields ? <CheckFields name={name} fields={type.fields} disabled={readOnly} /> : null)}
        />
      )}
    />
  );
}
