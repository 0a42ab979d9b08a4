/** Test fixtures of the silences pages (tests only). */
import type { SilenceRow } from './silencesApi';

const HOUR = 3600_000;

export function silence(values: Partial<SilenceRow> = {}): SilenceRow {
  const now = Date.now();
  return {
    id: 's1',
    namespace: 'default',
    description: 'deploying',
    from: new Date(now - HOUR).toISOString(),
    until: new Date(now + HOUR).toISOString(),
    recursive: false,
    source: 'UI',
    canary_id: null,
    check_id: null,
    component_id: 'cmp-1',
    config_id: null,
    selectors: null,
    filter: null,
    created_by: 'u1',
    created_at: new Date(now - HOUR).toISOString(),
    updated_at: new Date(now - HOUR).toISOString(),
    resource: { type: 'component', id: 'cmp-1', name: 'payments' },
    created_by_person: { id: 'u1', name: 'Ada Lovelace' },
    expired: false,
    ...values,
  };
}
