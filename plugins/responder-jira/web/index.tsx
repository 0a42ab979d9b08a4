import { TicketDiagonal20Regular } from '@fluentui/react-icons';
import { definePlugin, type FieldSpec } from '@web/core/plugin-host';
import { manifest } from '../manifest';

/**
 * Spec 01 §3/§5: jira → instance (a jira connection), project (by instance), issue type and priority (by project),
 * summary, description. Option lists come from the gateway handler's `options(optionsKey, dependsOn values)`.
 */
export const JIRA_FIELDS: readonly FieldSpec[] = [
  { name: 'instance', label: 'Instance', kind: 'select', optionsKey: 'jira.instances' },
  { name: 'project', label: 'Project', kind: 'select', optionsKey: 'jira.projects', dependsOn: ['instance'] },
  { name: 'issueType', label: 'Issue Type', kind: 'select', optionsKey: 'jira.issueTypes', dependsOn: ['instance', 'project'] },
  { name: 'priority', label: 'Priority', kind: 'select', optionsKey: 'jira.priorities', dependsOn: ['instance', 'project'] },
  { name: 'summary', label: 'Summary', kind: 'text' },
  { name: 'description', label: 'Description', kind: 'textarea' },
];

export const JIRA_CONNECTION_FIELDS: readonly FieldSpec[] = [
  { name: 'url', label: 'URL (e.g. https://example.atlassian.net)', kind: 'text', required: true },
  { name: 'username', label: 'Username (email)', kind: 'text', required: true },
  { name: 'password', label: 'API token', kind: 'secret', required: true },
  { name: 'certificate', label: 'CA certificate (PEM, for a private CA)', kind: 'secret' },
  { name: 'insecure_tls', label: 'Skip TLS verification', kind: 'boolean' },
];

export default definePlugin({
  manifest,
  register(ctx) {
    ctx.add('incident.responderTypes', { id: 'jira', label: 'Jira', icon: TicketDiagonal20Regular, fields: JIRA_FIELDS });
    ctx.add('connection.types', { id: 'jira', label: 'Jira', icon: TicketDiagonal20Regular, fields: JIRA_CONNECTION_FIELDS });
  },
});
