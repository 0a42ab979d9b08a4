import { Flowchart20Regular } from '@fluentui/react-icons';
import type { SettingsTableExtension } from '@web/core/settings/types';

export const INCIDENT_RULES_PATH = '/settings/incident_rules';

/**
 * `incident_rules` in core's settings pages (spec 03 §2, §3 "Incident rule: name, spec"): the table itself (it has no
 * `_with_status` view, so no job columns), core's default editor (name, spec as YAML) over the data API, soft delete.
 * The data API reads and writes it with the `database` permission (incidents.resources.ts).
 */
export const INCIDENT_RULES_TABLE: SettingsTableExtension = {
  id: 'incident_rules',
  title: 'Incident Rules',
  path: INCIDENT_RULES_PATH,
  permission: { resource: 'database', action: 'read' },
  feature: 'settings.rules',
  writePermission: { resource: 'database', action: 'write' },
  hiddenColumns: ['schedule', 'namespace', 'job_status', 'last_runtime', 'job_last_failed', 'tags'],
  resourceType: 'incident_rule',
  empty: { icon: Flowchart20Regular, title: 'No incident rules yet' },
};
