import { Alert20Regular, Flowchart20Regular } from '@fluentui/react-icons';
import { definePlugin } from '@web/core/plugin-host';
import { settingsTableRoutes } from '@web/core/settings/settingsTables';
import manifest from '../manifest';
import { INCIDENTS_PATH } from './incidentsApi';
import { INCIDENT_RULES_PATH, INCIDENT_RULES_TABLE } from './settings/incidentRulesTable';

const readIncident = { resource: 'incident', action: 'read' } as const;

export default definePlugin({
  manifest,
  register(ctx) {
    ctx.add('nav', {
      id: 'incidents',
      title: 'Incidents',
      icon: Alert20Regular,
      path: INCIDENTS_PATH,
      section: 'main',
      order: 30,
      permission: readIncident,
    });
    ctx.add('routes', { path: INCIDENTS_PATH, permission: readIncident, load: () => import('./IncidentListPage') });
    ctx.add('routes', { path: `${INCIDENTS_PATH}/:id`, permission: readIncident, load: () => import('./IncidentDetailPage') });
    // Spec 03 settings: incident rules (name, spec) in core's settings pages.
    ctx.add('nav', {
      id: 'incident_rules',
      title: 'Incident Rules',
      icon: Flowchart20Regular,
      path: INCIDENT_RULES_PATH,
      section: 'settings',
      order: 140,
      permission: INCIDENT_RULES_TABLE.permission,
      feature: INCIDENT_RULES_TABLE.feature,
    });
    ctx.add('settings.tables', INCIDENT_RULES_TABLE);
    for (const route of settingsTableRoutes(INCIDENT_RULES_TABLE)) ctx.add('routes', route);
    ctx.add('incident.linkDialog', {
      id: 'incidents',
      permission: { resource: 'incident', action: 'write' },
      load: () => import('./LinkToIncidentDialog'),
    });
  },
});
