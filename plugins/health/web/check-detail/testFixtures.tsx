/** Test data and rendering for the check detail's tests. */
import { render } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import type { CheckGraphPoint, CheckStatusRow, CheckSummary, Role } from '@contracts';
import { PluginRegistry, PluginRegistryProvider, type WebPlugin } from '@web/core/plugin-host';
import { TestProviders, signedIn } from '@web/core/testing/TestProviders';
import { summaryCheck } from '../dashboard/testChecks';
import { checkKey, graphKey } from '../healthApi';
import { checkComponentRelationshipsKey, checkConfigRelationshipsKey } from './checkDetailApi';
import CheckDetailModal from './CheckDetailModal';
import type { CheckComponentRelationship, CheckConfigRelationship, CheckDetail } from './types';

export const NOW = Date.now();
const minutesAgo = (m: number) => new Date(NOW - m * 60_000).toISOString();

export const check: CheckDetail = {
  id: 'c1',
  canary_id: 'k1',
  name: 'payments-api',
  type: 'http',
  icon: null,
  description: null,
  endpoint: 'http://localhost:8080',
  namespace: 'default',
  severity: 'high',
  labels: {},
  spec: { name: 'payments-api', url: 'http://localhost:8080', test: { expr: 'code == 200' } },
  status: 'healthy',
  last_runtime: minutesAgo(10),
  last_transition_time: minutesAgo(120),
  next_runtime: minutesAgo(-1),
  canary: { id: 'k1', name: 'payments', namespace: 'default', schedule: '@every 1m' },
};

export const summary: CheckSummary = summaryCheck({
  id: 'c1',
  canary_id: 'k1',
  name: 'payments-api',
  canary_name: 'payments',
  severity: 'high',
  uptime: { passed: 9, failed: 1, last_pass: null, last_fail: null },
  latency: { p50: 80, p95: 120, p97: 1500, p99: 2000 },
  last_runtime: check.last_runtime,
  last_transition_time: check.last_transition_time,
  next_runtime: check.next_runtime,
});

export const graphPoints: CheckGraphPoint[] = [
  { time: minutesAgo(30), passed: 1, failed: 0, invalid: 0, avg_duration: 100, max_duration: 100 },
  { time: minutesAgo(20), passed: 0, failed: 1, invalid: 0, avg_duration: 300, max_duration: 300 },
];

export function historyRows(count: number, from = 0): CheckStatusRow[] {
  return Array.from({ length: count }, (_, i) => ({
    check_id: 'c1',
    time: new Date(NOW - (from + i) * 1000).toISOString(),
    duration: 100 + i,
    status: i % 2 === 0,
    invalid: false,
    message: `run ${from + i}`,
    error: null,
    details: null,
  }));
}

import { jsonResponse } from '@web/core/testing/jsonResponse';

export { jsonResponse };

/** A fetch answering the summary, history and Run Now calls; history totals `historyTotal` rows. */
export function gatewayFetch(options: { historyTotal?: number; run?: () => Promise<unknown> } = {}) {
  const total = options.historyTotal ?? 3;
  return jest.fn((url: string, _init?: RequestInit) => {
    if (url.startsWith('/api/canary/api/summary')) return jsonResponse(200, { checks_summary: [summary] });
    if (url.startsWith('/api/canary/run/check/')) {
      return options.run ? options.run() : jsonResponse(200, { ...historyRows(1)[0], status: true, message: 'HTTP 200' });
    }
    if (url.startsWith('/api/db/check_statuses')) {
      const query = new URL(url, 'http://localhost').searchParams;
      const offset = Number(query.get('offset'));
      const limit = Number(query.get('limit'));
      const count = Math.max(0, Math.min(limit, total - offset));
      const range = count ? `${offset}-${offset + count - 1}/${total}` : `*/${total}`;
      return jsonResponse(200, historyRows(count, offset), { 'content-range': range });
    }
    return jsonResponse(404, { message: `unexpected ${url}` });
  });
}

export interface OpenOptions {
  roles?: Role[];
  found?: boolean;
  points?: CheckGraphPoint[];
  relationships?: CheckConfigRelationship[];
  components?: CheckComponentRelationship[];
  plugins?: WebPlugin[];
  onChanged?: () => void;
  /** The check read fails (no canned answer: the test fetcher answers 404 'Not found'). */
  checkFails?: boolean;
}

export function openModal({
  roles = ['viewer'],
  found = true,
  points = graphPoints,
  relationships = [],
  components = [],
  plugins = [],
  onChanged,
  checkFails = false,
}: OpenOptions = {}) {
  const onClose = jest.fn();
  render(
    <MemoryRouter>
      <TestProviders
        responses={signedIn(roles, {
          ...(checkFails ? {} : { [checkKey('c1')]: found ? [check] : [] }),
          [graphKey('c1', '1h')]: { bucket_seconds: 60, points },
          [checkConfigRelationshipsKey('c1')]: relationships,
          [checkComponentRelationshipsKey('c1')]: components,
        })}
      >
        <PluginRegistryProvider registry={new PluginRegistry(plugins)}>
          <CheckDetailModal checkId="c1" timeRange="1d" onClose={onClose} onChanged={onChanged} />
        </PluginRegistryProvider>
      </TestProviders>
    </MemoryRouter>,
  );
  return { onClose };
}
