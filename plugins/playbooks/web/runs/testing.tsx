/** Test helpers of the run pages (tests only): a fetch answering by address, a page in a router, runs to show. */
import type { ReactNode } from 'react';
import { render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import type { PlaybookRunAction, PlaybookRunDetail, Role } from '@contracts';
import { TestProviders, signedIn } from '@web/core/testing/TestProviders';
import { jsonResponse } from '@web/core/testing/jsonResponse';

export interface Call {
  url: string;
  method: string;
  body: unknown;
  headers: Record<string, string>;
}

type Answer = unknown | ((call: Call) => unknown);
/** An answer other than 200: `{status, body}`. */
export const failWith = (status: number, body: unknown) => ({ __status: status, body });

/**
 * Stubs `fetch`: each call is recorded (decoded url, method, parsed body, headers) and answered by the first route whose
 * prefix starts the decoded url and whose method matches (`'POST /api/...'`; GET when none is written); arrays come
 * with a content-range of their length unless `total` says otherwise. Unknown addresses answer 404.
 */
export function stubFetch(routes: [route: string, answer: Answer][], { total }: { total?: number } = {}) {
  const calls: Call[] = [];
  globalThis.fetch = jest.fn((input: string, init: { method?: string; body?: string; headers?: Record<string, string> } = {}) => {
    const call = {
      url: decodeURIComponent(String(input)),
      method: init.method ?? 'GET',
      body: init.body ? JSON.parse(init.body) : undefined,
      headers: init.headers ?? {},
    };
    calls.push(call);
    const route = routes.find(([key]) => {
      const [method, prefix] = key.includes(' ') ? key.split(' ') : ['GET', key];
      return method === call.method && call.url.startsWith(prefix);
    });
    if (!route) return jsonResponse(404, { message: 'Not Found' });
    const answer = typeof route[1] === 'function' ? (route[1] as (call: Call) => unknown)(call) : route[1];
    if (answer && typeof answer === 'object' && '__status' in answer) {
      const failure = answer as { __status: number; body: unknown };
      return jsonResponse(failure.__status, failure.body);
    }
    return jsonResponse(200, answer, Array.isArray(answer) ? { 'content-range': `0-${answer.length - 1}/${total ?? answer.length}` } : {});
  }) as unknown as typeof fetch;
  const matching = (prefix: string) => calls.filter((call) => call.url.startsWith(prefix));
  return { calls, to: matching, last: (prefix: string) => matching(prefix).at(-1) };
}

function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{location.pathname + location.search}</output>;
}

/** The decoded current address (path and query). */
export const currentLocation = () => decodeURIComponent(screen.getByTestId('location').textContent ?? '');

export function renderAt(url: string, routes: { path: string; element: ReactNode }[], roles: Role[] = ['editor']) {
  return render(
    <MemoryRouter initialEntries={[url]}>
      <TestProviders responses={signedIn(roles)}>
        <Routes>
          {routes.map((route) => (
            <Route
              key={route.path}
              path={route.path}
              element={
                <>
                  {route.element}
                  <LocationProbe />
                </>
              }
            />
          ))}
        </Routes>
      </TestProviders>
    </MemoryRouter>,
  );
}

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
