/** Shared test data for the incident plugin's tests. */
import type { Evidence, Hypothesis, Incident } from './types';

export const evidence: Evidence = {
  id: 'e1',
  hypothesis_id: 'h1',
  type: 'config',
  description: 'nginx config',
  created_at: '2025-01-01T00:00:00Z',
  definition_of_done: false,
  done: false,
};

export const root: Hypothesis = {
  id: 'h1',
  incident_id: 'i1',
  parent_id: null,
  title: 'Site is down',
  type: 'root',
  status: 'possible',
  created_at: '2025-01-01T00:00:00Z',
  comments: [],
  evidences: [evidence],
};

export const incident: Incident = {
  id: 'i1',
  incident_id: 'INC0000001',
  title: 'Site is down',
  description: null,
  severity: 'high',
  status: 'open',
  type: 'availability',
  created_at: '2025-01-01T00:00:00Z',
  updated_at: '2025-01-01T00:00:00Z',
  hypotheses: [root],
  responders: [],
};

import { jsonResponse } from '@web/core/testing/jsonResponse';

export { jsonResponse };

/** The [url, method, body] of each fetch call. */
export function calls(fetchMock: jest.Mock): [string, string, unknown][] {
  return fetchMock.mock.calls.map(([url, init]: [string, RequestInit]) => [url, init.method ?? 'GET', init.body ? JSON.parse(String(init.body)) : undefined]);
}
