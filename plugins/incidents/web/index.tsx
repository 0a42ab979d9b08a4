import { Alert20Regular } from '@fluentui/react-icons';
import { definePlugin } from '@web/core/plugin-host';
import manifest from '../manifest';
import { INCIDENTS_PATH } from './incidentsApi';

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
    ctx.add('incident.linkDialog', {
      id: 'incidents',
      permission: { resource: 'incident', action: 'write' },
      load: () => import('./LinkToIncidentDialog'),
    });
  },
});
