import { Mail20Regular } from '@fluentui/react-icons';
import { definePlugin, type FieldSpec } from '@web/core/plugin-host';
import { manifest } from '../manifest';

/** Spec 01 §3: email → to, subject, body (every field required). */
export const EMAIL_FIELDS: readonly FieldSpec[] = [
  { name: 'to', label: 'To', kind: 'text' },
  { name: 'subject', label: 'Subject', kind: 'text' },
  { name: 'body', label: 'Body', kind: 'textarea' },
];

/** An smtp connection (spec 03 §9: port 587, encryption Auto). */
export const SMTP_CONNECTION_FIELDS: readonly FieldSpec[] = [
  { name: 'properties.host', label: 'Host', kind: 'text', required: true },
  { name: 'properties.port', label: 'Port (default 587)', kind: 'number' },
  {
    name: 'properties.encryption',
    label: 'Encryption',
    kind: 'select',
    options: [
      { value: 'Auto', label: 'Auto' },
      { value: 'SSL', label: 'SSL/TLS' },
      { value: 'StartTLS', label: 'STARTTLS' },
      { value: 'None', label: 'None' },
    ],
  },
  { name: 'username', label: 'Username', kind: 'text' },
  { name: 'password', label: 'Password', kind: 'secret' },
  { name: 'properties.from', label: 'From address', kind: 'text' },
  { name: 'insecure_tls', label: 'Skip TLS verification', kind: 'boolean' },
];

export default definePlugin({
  manifest,
  register(ctx) {
    ctx.add('incident.responderTypes', { id: 'email', label: 'Email', icon: Mail20Regular, fields: EMAIL_FIELDS });
    ctx.add('connection.types', { id: 'smtp', label: 'Email (SMTP)', icon: Mail20Regular, fields: SMTP_CONNECTION_FIELDS });
  },
});
