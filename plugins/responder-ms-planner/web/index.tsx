import { TaskListSquareLtr20Regular } from '@fluentui/react-icons';
import { definePlugin, type FieldSpec } from '@web/core/plugin-host';
import { manifest } from '../manifest';

/** Spec 01 §3/§5: ms_planner → plan, bucket (by plan), priority, title, description. */
export const MS_PLANNER_FIELDS: readonly FieldSpec[] = [
  { name: 'plan_id', label: 'Plan', kind: 'select', optionsKey: 'planner.plans' },
  { name: 'bucket_id', label: 'Bucket', kind: 'select', optionsKey: 'planner.buckets', dependsOn: ['plan_id'] },
  { name: 'priority', label: 'Priority', kind: 'select', optionsKey: 'planner.priorities' },
  { name: 'title', label: 'Title', kind: 'text' },
  { name: 'description', label: 'Description', kind: 'textarea' },
];

/** Client credentials (tenant, client id, secret) or a bearer token in the secret with no tenant/client id. */
export const MS_PLANNER_CONNECTION_FIELDS: readonly FieldSpec[] = [
  { name: 'properties.tenant', label: 'Tenant ID', kind: 'text' },
  { name: 'properties.client_id', label: 'Client ID', kind: 'text' },
  { name: 'password', label: 'Client secret (or bearer token)', kind: 'secret', required: true },
  { name: 'properties.group_id', label: 'Group ID (whose plans to offer)', kind: 'text' },
  { name: 'url', label: 'Graph URL (default https://graph.microsoft.com)', kind: 'text' },
  { name: 'properties.login_url', label: 'Login URL (default https://login.microsoftonline.com)', kind: 'text' },
  { name: 'certificate', label: 'CA certificate (PEM, for a private CA)', kind: 'secret' },
  { name: 'insecure_tls', label: 'Skip TLS verification', kind: 'boolean' },
];

export default definePlugin({
  manifest,
  register(ctx) {
    ctx.add('incident.responderTypes', {
      id: 'ms_planner',
      label: 'Microsoft Planner',
      icon: TaskListSquareLtr20Regular,
      fields: MS_PLANNER_FIELDS,
    });
    ctx.add('connection.types', { id: 'ms_planner', label: 'Microsoft Planner', icon: TaskListSquareLtr20Regular, fields: MS_PLANNER_CONNECTION_FIELDS });
  },
});
