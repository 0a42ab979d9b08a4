/** Rules of the rules page tests (tests only). */
import type { NotificationRule } from '@contracts';

export const ruleRow = (over: Partial<NotificationRule> = {}): NotificationRule => ({
  id: 'r1',
  name: 'prod-check-failures',
  namespace: 'default',
  title: 'Check {{.check.name}} failed',
  events: ['check.failed'],
  filter: null,
  template: null,
  properties: {},
  person_id: 'p1',
  team_id: null,
  custom_services: null,
  repeat_interval: null,
  wait_for: null,
  source: 'UI',
  error: null,
  created_by: 'p1',
  created_at: '2026-01-01T00:00:00Z',
  updated_at: '2026-01-02T00:00:00Z',
  sent: 12,
  failed: 3,
  pending: 1,
  avg_duration_ms: 250,
  most_common_error: 'connection refused',
  ...over,
});

export const PEOPLE = [
  { id: 'p1', name: 'Dana Ruiz', email: 'dana@example.com' },
  { id: 'p2', name: 'Ivy Chen', email: 'ivy@example.com' },
];
export const TEAMS = [{ id: 't1', name: 'payments' }];
