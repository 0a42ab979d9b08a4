/** Test helpers of the topology grid (tests only): components, answers, and the pages in a router. */
import { render } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import type { Feature, TopologyComponent, TopologyResponse } from '@contracts';
import { renderAt } from '@web/core/testing/renderAt';
import { TestProviders, signedIn } from '@web/core/testing/TestProviders';
import StandaloneComponentPage from '../pages/StandaloneComponentPage';
import TopologyPage from '../pages/TopologyPage';

export { currentLocation } from '@web/core/testing/renderAt';
export { reply, stubFetch, type Call } from '@web/core/testing/stubFetch';

let serial = 0;

/** A component as `GET /api/topology` answers it; healthy, no properties, no summary unless given. */
export function component(values: Partial<TopologyComponent> & { name: string }): TopologyComponent {
  serial += 1;
  return {
    id: values.id ?? `c${serial}`,
    title: null,
    text: null,
    type: 'Service',
    icon: null,
    path: '',
    status: 'healthy',
    health: 'healthy',
    status_reason: null,
    labels: {},
    parent_id: null,
    topology_id: 't1',
    agent_id: null,
    external_id: null,
    is_leaf: true,
    hidden: false,
    properties: [],
    logs: [],
    summary: {},
    created_at: '2024-01-01T00:00:00Z',
    updated_at: '2024-01-01T00:00:00Z',
    deleted_at: null,
    ...values,
  };
}

export function answer(components: TopologyComponent[], extra: Partial<TopologyResponse> = {}): TopologyResponse {
  return { components, types: [], teams: [], healthStatuses: [], ...extra };
}

export const openTopology = (url = '/topology') =>
  renderAt(url, [
    { path: '/topology', element: <TopologyPage /> },
    { path: '/topology/:id', element: <TopologyPage /> },
  ]);

/** /topology with some features switched off (renderAt has them all on). */
export const openTopologyWithout = (disabled: Feature[], url = '/topology') =>
  render(
    <MemoryRouter initialEntries={[url]}>
      <TestProviders responses={signedIn(['editor'], {}, disabled)}>
        <Routes>
          <Route path="/topology" element={<TopologyPage />} />
        </Routes>
      </TestProviders>
    </MemoryRouter>,
  );

export const openStandalone = (url: string) => renderAt(url, [{ path: '/view/topology/:id', element: <StandaloneComponentPage /> }]);

/** The cards in the order drawn. */
export const cards = () => [...document.querySelectorAll<HTMLElement>('[data-testid="topology-card"]')];
export const cardNames = () => cards().map((card) => card.getAttribute('aria-label'));
export const cardNamed = (name: string) => cards().find((card) => card.getAttribute('aria-label') === name)!;

/** The query of the last topology read. */
export function lastQuery(api: { last(route: string): { url: string } | undefined }): URLSearchParams {
  const call = api.last('/api/topology');
  if (!call) throw new Error('no topology read');
  return new URLSearchParams(call.url.split('?')[1] ?? '');
}
