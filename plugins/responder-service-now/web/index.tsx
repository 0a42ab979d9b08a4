import { Headset20Regular } from '@fluentui/react-icons';
import { definePlugin, type FieldSpec } from '@web/core/plugin-host';
import { manifest } from '../manifest';

/** Spec 01 §3: service_now → category, description, body. */
export const SERVICE_NOW_FIELDS: readonly FieldSpec[] = [
  { name: 'category', label: 'Category', kind: 'text' },
  { name: 'description', label: 'Description', kind: 'text' },
  { name: 'body', label: 'Body', kind: 'textarea' },
];

export const SERVICE_NOW_CONNECTION_FIELDS: readonly FieldSpec[] = [
  { name: 'url', label: 'Instance URL (e.g. https://acme.service-now.com)', kind: 'text', required: true },
  { name: 'username', label: 'Username', kind: 'text', required: true },
  { name: 'password', label: 'Password', kind: 'secret', required: true },
  { name: 'certificate', label: 'CA certificate (PEM, for a private CA)', kind: 'secret' },
  { name: 'insecure_tls', label: 'Skip TLS verification', kind: 'boolean' },
];

export default definePlugin({
  manifest,
  register(ctx) {
    ctx.add('incident.responderTypes', { id: 'service_now', label: 'ServiceNow', icon: Headset20Regular, fields: SERVICE_NOW_FIELDS });
    ctx.add('connection.types', { id: 'service_now', label: 'ServiceNow', icon: Headset20Regular, fields: SERVICE_NOW_CONNECTION_FIELDS });
  },
});
