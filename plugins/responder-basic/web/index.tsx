import { BuildingFactory20Regular, Cloud20Regular, CloudArrowUp20Regular, Database20Regular, Headset20Regular, Server20Regular } from '@fluentui/react-icons';
import { definePlugin, type FieldSpec } from '@web/core/plugin-host';
import type { FluentIcon } from '@fluentui/react-icons';
import { manifest } from '../manifest';

/** Spec 01 §3: ca and the AWS types → category, description, body. */
export const TICKET_FIELDS: readonly FieldSpec[] = [
  { name: 'category', label: 'Category', kind: 'text' },
  { name: 'description', label: 'Description', kind: 'text' },
  { name: 'body', label: 'Body', kind: 'textarea' },
];

/** Spec 01 §3: redhat, oracle, vmware → product, category, description, body. */
export const VENDOR_FIELDS: readonly FieldSpec[] = [{ name: 'product', label: 'Product', kind: 'text' }, ...TICKET_FIELDS];

const TYPES: readonly { id: string; label: string; icon: FluentIcon; fields: readonly FieldSpec[] }[] = [
  { id: 'ca', label: 'CA', icon: Headset20Regular, fields: TICKET_FIELDS },
  { id: 'aws_support', label: 'AWS Support', icon: Cloud20Regular, fields: TICKET_FIELDS },
  { id: 'aws_ams_services_request', label: 'AWS AMS Service Request', icon: CloudArrowUp20Regular, fields: TICKET_FIELDS },
  { id: 'redhat', label: 'Redhat', icon: Server20Regular, fields: VENDOR_FIELDS },
  { id: 'oracle', label: 'Oracle', icon: Database20Regular, fields: VENDOR_FIELDS },
  { id: 'vmware', label: 'VMWare', icon: BuildingFactory20Regular, fields: VENDOR_FIELDS },
];

export default definePlugin({
  manifest,
  register(ctx) {
    for (const type of TYPES) {
      ctx.add('incident.responderTypes', { id: type.id, label: type.label, icon: type.icon, fields: type.fields });
    }
  },
});
