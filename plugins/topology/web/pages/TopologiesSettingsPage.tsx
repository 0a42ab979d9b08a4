import { DataTreemap20Regular } from '@fluentui/react-icons';
import { useNavigate } from 'react-router';
import { usePermissions } from '@web/core/auth';
import { SettingsListPage, settingsListColumns } from '@web/core/editor/SettingsListPage';
import { NEW_TOPOLOGY_ID, TOPOLOGIES_VIEW, topologySettingsPath } from '../settings/topologiesApi';
import { LIST_PAGE_SIZE, SORTABLE_COLUMNS, TOPOLOGIES_SELECT, type TopologyListRow } from '../settings/topologiesList';

/** Spec 03 settings list columns: topologies show Namespace and hide Schedule. */
const columns = settingsListColumns<TopologyListRow>({ namespace: true, sortable: SORTABLE_COLUMNS }).filter((column) => column.id !== 'schedule');

/** /settings/topologies: the topology documents, sorted on the server from the URL (spec 03 §2; core `SettingsListPage`). */
export default function TopologiesSettingsPage() {
  const navigate = useNavigate();
  return (
    <SettingsListPage<TopologyListRow>
      id="topologies"
      view={TOPOLOGIES_VIEW}
      select={TOPOLOGIES_SELECT}
      columns={columns}
      sortable={SORTABLE_COLUMNS}
      pageSize={LIST_PAGE_SIZE}
      breadcrumb={[{ label: 'Settings' }, { label: 'Topology' }]}
      canAdd={usePermissions().can('topologies', 'write')}
      onAdd={() => navigate(topologySettingsPath(NEW_TOPOLOGY_ID))}
      onOpen={(row) => navigate(topologySettingsPath(row.id))}
      empty={{ icon: <DataTreemap20Regular />, title: 'No topologies yet' }}
    />
  );
}
