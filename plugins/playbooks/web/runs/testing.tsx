/** Test fixtures of the run pages (tests only): runs and their actions to show. */
import type { PlaybookRunAction, PlaybookRunDetail } from '@contracts';

export const RUN_ID = '0b6c3a52-1111-4222-8333-444455556666';
export const PLAYBOOK_ID = '7d1e2f30-aaaa-4bbb-8ccc-ddddeeeeffff';

export function runAction(values: Partial<PlaybookRunAction> & Pick<PlaybookRunAction, 'id' | 'name' | 'status'>): PlaybookRunAction {
  return {
    scheduled_time: '2026-03-01T10:00:00Z',
    start_time: '2026-03-01T10:00:00Z',
    end_time: '2026-03-01T10:00:05Z',
    error: null,
    result: null,
    retry_count: 0,
    ...values,
  };
}

export function runDetail(values: Partial<PlaybookRunDetail> = {}): PlaybookRunDetail {
  return {
    id: RUN_ID,
    playbook_id: PLAYBOOK_ID,
    playbook: {
      id: PLAYBOOK_ID,
      name: 'restart-pod',
      title: 'Restart pod',
      icon: null,
      spec: { parameters: [{ name: 'reason', label: 'Reason' }], actions: [{ name: 'restart', exec: { script: 'kubectl delete pod' } }] },
    },
    status: 'completed',
    parameters: { reason: 'stuck' },
    config_id: 'cf000000-0000-4000-8000-000000000001',
    check_id: null,
    component_id: null,
    resource: { kind: 'config', id: 'cf000000-0000-4000-8000-000000000001', name: 'web-0', type: 'Kubernetes::Pod' },
    error: null,
    scheduled_time: '2026-03-01T10:00:00Z',
    start_time: '2026-03-01T10:00:00Z',
    end_time: '2026-03-01T10:00:05Z',
    created_at: '2026-03-01T10:00:00Z',
    created_by: { id: 'u1', name: 'Ada Lovelace', email: 'ada@example.com' },
    parent_id: null,
    trigger: null,
    approval: null,
    actions: [runAction({ id: 'a1', name: 'restart', status: 'completed', result: { stdout: 'pod deleted', exitCode: 0 } })],
    ...values,
  };
}
