import type { Responder } from './types';

export const RESPONDER_STEPS = [
  { key: 'created', label: 'Created' },
  { key: 'acknowledged', label: 'Acknowledged' },
  { key: 'resolved', label: 'Resolved' },
  { key: 'closed', label: 'Closed' },
] as const;

/** Index of the current step: the first one not yet set (created is set once the row exists). */
export function currentResponderStep(responder: Pick<Responder, 'created_at' | 'acknowledge_time' | 'signoff_time' | 'close_time'>): number {
  const set = [responder.created_at, responder.acknowledge_time, responder.signoff_time, responder.close_time];
  const index = set.findIndex((value) => !value);
  return index === -1 ? set.length : index;
}
