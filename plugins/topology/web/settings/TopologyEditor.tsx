import { Body1, MessageBar, MessageBarBody, makeStyles, tokens } from '@fluentui/react-components';
import { DataTreemap20Regular } from '@fluentui/react-icons';
import { useFormContext, useFormState } from 'react-hook-form';
import { usePermissions } from '@web/core/auth';
import { DocumentEditor, type DocumentEditorLabels, type DocumentFormValidation } from '@web/core/editor/DocumentEditor';
import { ResourceFormTab } from '@web/core/editor/ResourceFormTab';
import type { ResourceModel } from '@web/core/editor/resourceDocument';
import { zodResolver } from '@web/core/forms/zodResolver';
import type { TypeExtension } from '@web/core/plugin-host';
import type { TopologyDocument } from '@contracts';
import { COMPONENTS_KEY, addStarter, formProblems, newTopologyModel, parseTopologyYaml, toTopologyYaml, topologyFormSchema } from './topologyDocument';
import { TOPOLOGY_STARTERS } from './topologyStarters';
import { TOPOLOGIES_SETTINGS_PATH, TOPOLOGIES_VIEW, createTopology, deleteTopology, topologyKey, updateTopology, validateTopology } from './topologiesApi';

const LABELS: DocumentEditorLabels = {
  resource: 'topology',
  entry: 'component',
  types: 'Topology starters',
  yaml: 'Topology YAML',
  deleteTitle: 'Delete topology',
  deleteMessage: (name) => `Delete ${name ?? 'this topology'}? Its components are removed from the topology view.`,
};

/** The Form tab shows the top-level components as one group, each edited in the Code tab. */
const COMPONENT_GROUP: readonly TypeExtension[] = [{ id: COMPONENTS_KEY, label: 'Top-level' }];

const VALIDATION: DocumentFormValidation = { resolver: zodResolver(topologyFormSchema), problems: formProblems };

/** The document is sent as written (`{yaml}`); a 400 names its problems with their lines (topologiesApi). */
const saveTopology = (id: string | null, _model: ResourceModel, text: string) => (id ? updateTopology(id, text) : createTopology(text));

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
});

/** The fields ResourceFormTab draws without a message of their own (namespace, schedule): their problems as typed. */
function FieldProblems() {
  const { getFieldState } = useFormContext<ResourceModel>();
  const state = useFormState<ResourceModel>();
  const messages = [
    ['Namespace', getFieldState('namespace', state).error?.message],
    ['Schedule', getFieldState('spec.schedule', state).error?.message],
  ].flatMap(([where, message]) => (message ? [`${where}: ${message}`] : []));
  if (!messages.length) return null;
  return (
    <MessageBar intent="error" layout="multiline" aria-label="Form problems">
      <MessageBarBody>
        {messages.map((message) => (
          <div key={message}>{message}</div>
        ))}
      </MessageBarBody>
    </MessageBar>
  );
}

function TopologyFormTab({ existing, readOnly, validates }: { existing: boolean; readOnly: boolean; validates: boolean }) {
  const styles = useStyles();
  return (
    <div className={styles.root}>
      <ResourceFormTab
        types={COMPONENT_GROUP}
        existing={existing}
        readOnly={readOnly}
        validates={validates}
        entry="component"
        schedule="select"
        entryForm={() => null}
      />
      <FieldProblems />
      <Body1>Edit components in the Code tab: their properties, lookups, checks, configs and children are written there.</Body1>
    </div>
  );
}

export interface TopologyEditorProps {
  /** null: a new topology. */
  topology: TopologyDocument | null;
  canWrite: boolean;
  /** Where Save, Cancel and Delete return to (the list the page was opened from). */
  listPath?: string;
}

/**
 * The topology editor (spec 03 resource spec editors, core `DocumentEditor`): the starter picker (Catalog, SQL,
 * HTTP, Exec, Static, then Custom = Code tab), Form/Code tabs over one Topology document (an existing one opens on
 * its stored text; validated by `POST /api/topologies/validate` as typed), Save/Update (`{yaml}`), Cancel and Delete.
 * The form checks its own fields as typed (react-hook-form + zod) and Save is disabled while they are wrong (spec 03).
 */
export function TopologyEditor({ topology, canWrite, listPath = TOPOLOGIES_SETTINGS_PATH }: TopologyEditorProps) {
  const { can } = usePermissions();
  return (
    <DocumentEditor
      stored={topology}
      canWrite={canWrite}
      listPath={listPath}
      labels={LABELS}
      types={TOPOLOGY_STARTERS}
      fallbackIcon={DataTreemap20Regular}
      mayUse={(type) => !type.savePermission || can(type.savePermission.resource, type.savePermission.action)}
      newModel={newTopologyModel}
      toYaml={toTopologyYaml}
      parse={parseTopologyYaml}
      addEntry={addStarter}
      keepStoredText
      validation={VALIDATION}
      disableSaveWhileInvalid
      validate={validateTopology}
      save={saveTopology}
      remove={deleteTopology}
      listView={TOPOLOGIES_VIEW}
      resourceKey={topologyKey}
      formTab={(props) => <TopologyFormTab {...props} />}
    />
  );
}
