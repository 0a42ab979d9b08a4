import { DataTreemap20Regular } from '@fluentui/react-icons';
import type { SettingsTableExtension } from '@web/core/settings/types';
import { TOPOLOGIES_SETTINGS_PATH, TOPOLOGY_RESOURCE_TYPE, topologyKey } from './topologiesApi';

/**
 * `topologies` in core's settings pages (spec 03 §2): the list hides Schedule; a record is read, saved and deleted
 * through the topology API (`/api/topologies`: validation and the stored text), with Run Now and its job history.
 */
export const TOPOLOGIES_TABLE: SettingsTableExtension = {
  id: 'topologies',
  title: 'Topology',
  path: TOPOLOGIES_SETTINGS_PATH,
  permission: { resource: 'topologies', action: 'read' },
  feature: 'settings.topology',
  writePermission: { resource: 'topologies', action: 'write' },
  hiddenColumns: ['schedule'],
  resourceType: TOPOLOGY_RESOURCE_TYPE,
  empty: { icon: DataTreemap20Regular, title: 'No topologies yet' },
  resource: { key: topologyKey },
  editor: () => import('./TopologySpecTab'),
  action: () => import('./TopologyRunNow'),
};
