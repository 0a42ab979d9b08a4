import { Person20Regular } from '@fluentui/react-icons';
import { definePlugin, type FieldSpec } from '@web/core/plugin-host';
import { manifest } from '../manifest';

/** Spec 01 §3: person → person (the incident dialog's person picker adds it directly). */
export const PERSON_FIELDS: readonly FieldSpec[] = [{ name: 'person', label: 'Person', kind: 'select', optionsKey: 'person.people' }];

export default definePlugin({
  manifest,
  register(ctx) {
    ctx.add('incident.responderTypes', { id: 'person', label: 'Person', icon: Person20Regular, fields: PERSON_FIELDS });
  },
});
