import { Person20Regular } from '@fluentui/react-icons';
import { RESPONDER_TYPE_LABELS, type ResponderFieldSpec } from '@contracts';
import { definePlugin } from '@web/core/plugin-host';
import { manifest } from '../manifest';

/** Spec 01 §3: person → person (the incident dialog's person picker adds it directly). */
export const PERSON_FIELDS: readonly ResponderFieldSpec[] = [{ name: 'person', label: 'Person', kind: 'select', optionsKey: 'person.people' }];

export default definePlugin({
  manifest,
  register(ctx) {
    ctx.add('incident.responderTypes', { id: 'person', label: RESPONDER_TYPE_LABELS.person, icon: Person20Regular, fields: PERSON_FIELDS });
  },
});
