/** Test data for the dashboard's tests. */
import type { CheckSummary } from '@contracts';

export function summaryCheck(overrides: Partial<CheckSummary> & { id: string; name: string }): CheckSummary {
  return {
    canary_id: 'canary-1',
    canary_name: 'web',
    namespace: 'default',
    agent_id: null,
    agent_name: null,
    type: 'http',
    description: null,
    endpoint: null,
    icon: null,
    severity: null,
    status: 'healthy',
    labels: {},
    uptime: { passed: 10, failed: 0, last_pass: '2026-01-01T00:00:00Z', last_fail: null },
    latency: { p50: 40, p95: 120, p97: 130, p99: 150 },
    last_runtime: '2026-01-01T00:00:00Z',
    last_transition_time: null,
    next_runtime: null,
    last_message: null,
    last_error: null,
    last_invalid: false,
    ...overrides,
  };
}
