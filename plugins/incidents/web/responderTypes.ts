import type { TypeExtension } from '@web/core/plugin-host/types';
import type { TeamRef } from './types';

/** A responder type as the incident pages use it: a registered `incident.responderTypes` contribution. */
export type ResponderTypeOption = Pick<TypeExtension, 'id' | 'label' | 'icon' | 'fields'>;

/** The types a team offers: the keys of its responder_clients that a plugin registered, in registration order. */
export function teamResponderTypes(team: TeamRef | null | undefined, registered: readonly ResponderTypeOption[]): ResponderTypeOption[] {
  const configured = Object.keys(team?.spec?.responder_clients ?? {});
  return registered.filter((type) => configured.includes(type.id));
}

export const NO_RESPONDER_TYPES = 'There were no responders configured for this team';
export const INVALID_VALUE = 'Please provide valid value';
/** The type list scrolls beyond this many entries (spec 01 §9). */
export const RESPONDER_TYPE_LIST_ROWS = 6;
